import { Arg, Field, FieldResolver, ID, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { PaymentOption } from '../../../booking/booking.types';
import type { WorkshopService } from '../../../workshop/workshop.service';
import { Workshop } from '../../../workshop/workshop.entity';

@ObjectType({ description: 'A way to pay a booking made now, and why not when it is not offered.' })
export class PaymentOptionOffer {
  @Field(() => PaymentOption)
  option: PaymentOption;

  @Field()
  available: boolean;

  @Field(() => String, { nullable: true, description: 'Why it is not offered; null when available.' })
  reason: string | null;
}

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

  @FieldResolver(() => Boolean, { description: 'True from the day after its last day on (in its time zone): it has taken place. Started but not ended: under way.' })
  hasEnded(@Root() workshop: Workshop): boolean {
    return this.catalogReads.hasEnded(workshop);
  }

  @FieldResolver(() => [PaymentOptionOffer], {
    description: 'The ways a booking made now can pay, by the server clock: the deposit only before the balance is due, a plan only where 3+ monthly installments fit.',
  })
  paymentOptions(@Root() workshop: Workshop): PaymentOptionOffer[] {
    return this.catalogReads.paymentOptions(workshop) as PaymentOptionOffer[];
  }

  @FieldResolver(() => Boolean, { description: 'True while its community board takes new messages: until 30 days after its last day.' })
  boardOpen(@Root() workshop: Workshop): boolean {
    return this.catalogReads.isBoardOpen(workshop);
  }
}
