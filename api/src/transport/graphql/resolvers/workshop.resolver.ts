import { Arg, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import type { WorkshopService } from '../../../workshop/workshop.service';
import { Workshop } from '../../../workshop/workshop.entity';

@Resolver(() => Workshop)
export class WorkshopResolver {
  constructor(private readonly catalogReads: WorkshopService) {}

  @Query(() => [Workshop], { description: 'The public list: upcoming workshops first (soonest first), then those that have started (most recent first); archived ones left out.' })
  workshops(): Promise<readonly Workshop[]> {
    return this.catalogReads.list();
  }

  @Query(() => Workshop, { nullable: true, description: 'One workshop (archived ones too), or null when the id is unknown.' })
  workshop(@Arg('id', () => ID) id: string): Promise<Workshop | null> {
    return this.catalogReads.findById(id);
  }

  @FieldResolver(() => Boolean, { description: 'True from its first day on (in its time zone): it has taken place or is running, and takes no bookings.' })
  hasStarted(@Root() workshop: Workshop): boolean {
    return this.catalogReads.hasStarted(workshop);
  }

  @FieldResolver(() => Boolean, { description: 'True while its community board takes new messages: until 30 days after its last day.' })
  boardOpen(@Root() workshop: Workshop): boolean {
    return this.catalogReads.isBoardOpen(workshop);
  }
}
