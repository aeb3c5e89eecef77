import { Arg, ID, Query, Resolver } from 'type-graphql';
import type { Services } from '../../../composition-root';
import { Workshop } from '../../../workshop/workshop.entity';

@Resolver(() => Workshop)
export class WorkshopResolver {
  constructor(private readonly services: Services) {}

  @Query(() => [Workshop], { description: 'All workshops of the season, in date order.' })
  workshops(): Promise<readonly Workshop[]> {
    return this.services.workshops.list();
  }

  @Query(() => Workshop, { nullable: true, description: 'One workshop, or null when the id is unknown.' })
  workshop(@Arg('id', () => ID) id: string): Promise<Workshop | null> {
    return this.services.workshops.findById(id);
  }
}
