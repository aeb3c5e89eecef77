import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type ContainerType, type NonEmptyArray } from 'type-graphql';
import type { Services } from '../../composition-root';
import type { GraphQLContext } from './context';
import { BookingResolver } from './resolvers/booking.resolver';
import { PaymentResolver } from './resolvers/payment.resolver';
import { CommunityResolver } from './resolvers/community.resolver';
import { AdminResolver, CommunityMessageWorkshopNameResolver } from './resolvers/admin.resolver';
import { unauthenticated } from '../../admin/admin-auth.service';
import { TestimonialResolver } from './resolvers/testimonial.resolver';
import { WorkshopResolver } from './resolvers/workshop.resolver';

/** Every resolver class of the schema. Add new domains here. */
export const RESOLVERS: NonEmptyArray<new (services: Services) => object> = [
  WorkshopResolver,
  TestimonialResolver,
  BookingResolver,
  PaymentResolver,
  CommunityResolver,
  AdminResolver,
  CommunityMessageWorkshopNameResolver,
];

/**
 * Build the executable schema. Resolvers are constructed with the services of
 * this app instance, so tests can run several apps on different databases.
 */
export async function createSchema(services?: Services): Promise<GraphQLSchema> {
  const instances = new Map<Function, object>();
  const container: ContainerType = {
    get(cls: new (s: Services) => object) {
      if (!services) throw new Error('Schema was built without services (emit-only)');
      let instance = instances.get(cls);
      if (!instance) instances.set(cls, (instance = new cls(services)));
      return instance;
    },
  };
  return buildSchema({
    resolvers: RESOLVERS,
    container,
    validate: { forbidUnknownValues: false },
    // @Authorized() fields need the admin credential; the error says why it is missing
    // (UNAUTHENTICATED without or with a wrong one, RATE_LIMITED while throttled).
    authChecker: ({ context }: { context: GraphQLContext }) => {
      if (context.isAdmin) return true;
      throw context.adminError ?? unauthenticated();
    },
  });
}
