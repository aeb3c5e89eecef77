import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type ContainerType, type NonEmptyArray } from 'type-graphql';
import { SecondFactorResolver } from './resolvers/second-factor.resolver';
import type { Services } from '../../composition-root';
import type { GraphQLContext } from './context';
import { BookingResolver } from './resolvers/booking.resolver';
import { PaymentResolver } from './resolvers/payment.resolver';
import { CommunityResolver } from './resolvers/community.resolver';
import { AdminResolver, CommunityMessageWorkshopNameResolver } from './resolvers/admin.resolver';
import { AdminStatsResolver } from './resolvers/admin-stats.resolver';
import { AdminBookingPageResolver, AdminListsResolver, AdminMessagePageResolver } from './resolvers/admin-lists.resolver';
import { unauthenticated } from '../../admin/admin-auth.service';
import { TestimonialResolver } from './resolvers/testimonial.resolver';
import { WorkshopResolver } from './resolvers/workshop.resolver';
import { BookingAccountResolver } from './resolvers/booking-account.resolver';
import { WaitlistResolver } from './resolvers/waitlist.resolver';
import { RecoveryResolver } from './resolvers/recovery.resolver';
import { OwnerNumbersResolver } from './resolvers/owner-numbers.resolver';
import { AuditResolver } from './resolvers/audit.resolver';
import { AdminWorkshopResolver } from './resolvers/admin-workshop.resolver';
import { BookingAccountCreditsResolver, WorkshopCancellationResolver } from './resolvers/workshop-cancellation.resolver';
import { PhotoResolver, WorkshopPhotosResolver } from './resolvers/photo.resolver';
import { TravellerResolver } from './resolvers/traveller.resolver';
import { DepartureResolver } from './resolvers/departure.resolver';
import { PersonalDataResolver } from './resolvers/personal-data.resolver';
import { PromoResolver } from './resolvers/promo.resolver';
import { GiftCardResolver } from './resolvers/gift-card.resolver';

/** The services the resolvers are built from: each resolver receives only its own. */
export type ResolverServices = Pick<
  Services,
  'workshops' | 'testimonials' | 'reviews' | 'bookings' | 'payments' | 'community' | 'adminAuth' | 'admin' | 'adminStats' | 'adminLists' | 'waitlistAdmin' | 'proofOfWork' | 'accounts' | 'money' | 'waitlist' | 'audit' | 'workshopEditor' | 'credits' | 'workshopCancellation' | 'photos' | 'travellerTasks' | 'knowBeforeYouGo' | 'departures' | 'secondFactor' | 'personalData' | 'promos' | 'giftCards' | 'checkoutRecovery' | 'ownerNumbers' | 'tripDataRetention'
>;

/**
 * Every resolver class of the schema with the instance serving it. Add new
 * domains here: the constructor says which service a resolver may call.
 */
function resolverInstances(s: ResolverServices): Map<Function, object> {
  return new Map<Function, object>([
    [WorkshopResolver, new WorkshopResolver(s.workshops)],
    [TestimonialResolver, new TestimonialResolver(s.testimonials, s.reviews)],
    [BookingResolver, new BookingResolver(s.bookings, s.proofOfWork)],
    [PaymentResolver, new PaymentResolver(s.payments)],
    [CommunityResolver, new CommunityResolver(s.community)],
    [AdminResolver, new AdminResolver(s.adminAuth, s.admin, s.bookings, s.money.cancellations)],
    [AdminStatsResolver, new AdminStatsResolver(s.adminStats)],
    [AdminListsResolver, new AdminListsResolver(s.adminLists)],
    [AdminBookingPageResolver, new AdminBookingPageResolver(s.adminLists)],
    [AdminMessagePageResolver, new AdminMessagePageResolver(s.adminLists)],
    [BookingAccountResolver, new BookingAccountResolver(s.money)],
    [CommunityMessageWorkshopNameResolver, new CommunityMessageWorkshopNameResolver()],
    [WaitlistResolver, new WaitlistResolver(s.waitlist, s.waitlistAdmin)],
    [RecoveryResolver, new RecoveryResolver(s.checkoutRecovery)],
    [OwnerNumbersResolver, new OwnerNumbersResolver(s.ownerNumbers)],
    [AuditResolver, new AuditResolver(s.audit)],
    [AdminWorkshopResolver, new AdminWorkshopResolver(s.workshopEditor)],
    [TravellerResolver, new TravellerResolver(s.travellerTasks)],
    [WorkshopCancellationResolver, new WorkshopCancellationResolver(s.workshopCancellation, s.credits, s.accounts)],
    [BookingAccountCreditsResolver, new BookingAccountCreditsResolver(s.credits)],
    [PhotoResolver, new PhotoResolver(s.photos)],
    [WorkshopPhotosResolver, new WorkshopPhotosResolver(s.photos)],
    [DepartureResolver, new DepartureResolver(s.knowBeforeYouGo, s.departures, s.accounts, s.travellerTasks)],
    [SecondFactorResolver, new SecondFactorResolver(s.secondFactor)],
    [PersonalDataResolver, new PersonalDataResolver(s.personalData, s.tripDataRetention.retentionDays)],
    [PromoResolver, new PromoResolver(s.promos)],
    [GiftCardResolver, new GiftCardResolver(s.giftCards, s.accounts)],
  ]);
}

export const RESOLVERS: NonEmptyArray<Function> = [
  WorkshopResolver,
  TestimonialResolver,
  BookingResolver,
  PaymentResolver,
  CommunityResolver,
  AdminResolver,
  AdminStatsResolver,
  AdminListsResolver,
  AdminBookingPageResolver,
  AdminMessagePageResolver,
  AdminWorkshopResolver,
  TravellerResolver,
  CommunityMessageWorkshopNameResolver,
  BookingAccountResolver,
  WaitlistResolver,
  RecoveryResolver,
  OwnerNumbersResolver,
  AuditResolver,
  WorkshopCancellationResolver,
  BookingAccountCreditsResolver,
  PhotoResolver,
  WorkshopPhotosResolver,
  DepartureResolver,
  SecondFactorResolver,
  PersonalDataResolver,
  PromoResolver,
  GiftCardResolver,
];

/**
 * Build the executable schema. Resolvers are constructed with the services of
 * this app instance (type-graphql's `container`), so tests can run several apps
 * on different databases. Without services the schema can only be printed.
 */
export async function createSchema(services?: ResolverServices): Promise<GraphQLSchema> {
  const instances = services ? resolverInstances(services) : null;
  const container: ContainerType = {
    get(cls: Function) {
      if (!instances) throw new Error('Schema was built without services (emit-only)');
      const instance = instances.get(cls);
      if (!instance) throw new Error(`No instance for resolver ${cls.name}: add it to resolverInstances()`);
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
