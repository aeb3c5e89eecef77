import { Arg, ID, Query, Resolver } from 'type-graphql';
import type { WorkshopService } from '../../../workshop/workshop.service';
import { Workshop } from '../../../workshop/workshop.entity';

@Resolver(() => Workshop)
export class WorkshopResolver {
  constructor(private readonly catalogReads: WorkshopService) {}

  @Query(() => [Workshop], { description: 'All workshops of the season, in date order.' })
  workshops(): Promise<readonly Workshop[]> {
    return this.catalogReads.list();
  }

  @Query(() => Workshop, { nullable: true, description: 'One workshop, or null when the id is unknown.' })
  workshop(@Arg('id', () => ID) id: string): Promise<Workshop | null> {
    return this.catalogReads.findById(id);
  }
}
