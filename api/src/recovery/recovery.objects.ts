import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { FinishOutcome, type FinishedCheckout as FinishedCheckoutFacts, type RecoveredChoices, RecoveryState } from './resume-checkout';

registerEnumType(RecoveryState, {
  name: 'RecoveryState',
  description: 'What the "finish your booking" link can do now (docs/decisions/098).',
  valuesConfig: {
    ready: { description: 'One click books the same choices again and opens a fresh checkout (finishCheckout).' },
    incomplete: { description: 'Answers the booking needs were erased since: the booking form is filled with the choices instead.' },
    sold_out: { description: 'Too few spots left for the same participants: the waiting list.' },
    booked_since: { description: 'The address booked this workshop since: existingBookingId, no checkout.' },
    already_finished: { description: 'The link made its booking already (or the booking was paid after all): existingBookingId.' },
    closed: { description: 'The workshop was cancelled or has started.' },
  },
});

registerEnumType(FinishOutcome, {
  name: 'FinishOutcome',
  description: 'What a click on "Finish my booking" did.',
  valuesConfig: {
    checkout: { description: 'A new booking was made: pay it at url (null without online payment: its confirmation page).' },
    already_finished: { description: 'The link had made its booking already: that booking (url: its open checkout while it is unpaid).' },
    booked_since: { description: 'The address booked this workshop since: that booking, no checkout.' },
  },
});

@ObjectType({ description: 'A lapsed checkout from its "finish your booking" link: the same choices priced now (server figures) and what one click would do (docs/decisions/098).' })
export class RecoveredCheckout implements RecoveredChoices {
  @Field(() => ID)
  bookingId: string;

  @Field(() => ID)
  workshopId: string;

  @Field()
  customerName: string;

  @Field()
  customerEmail: string;

  @Field()
  customerPhone: string;

  @Field(() => Int)
  numParticipants: number;

  @Field()
  roomType: string;

  @Field(() => Int)
  numSpouses: number;

  @Field({ description: 'The payment option the lapsed booking chose.' })
  paymentOption: string;

  @Field(() => Int, { description: 'Spots free now: fewer than numParticipants means the waiting list.' })
  spotsLeft: number;

  @Field(() => RecoveryState)
  state: RecoveryState;

  @Field(() => ID, { nullable: true, description: 'The booking to lead to (booked_since, already_finished).' })
  existingBookingId: string | null;

  @Field()
  workshopName: string;

  @Field({ description: 'The dates as text, e.g. "Jun 1-5, 2026".' })
  workshopDates: string;

  @Field({ description: 'The payment option a click books: the chosen one, or full when the dates no longer offer it.' })
  paymentOptionNow: string;

  @Field(() => String, { nullable: true, description: 'Why the payment option changed, or null.' })
  paymentOptionNote: string | null;

  @Field(() => Int, { description: 'Price of the same choices now, before any discount, in cents.' })
  subtotalCents: number;

  @Field(() => Int)
  discountCents: number;

  @Field(() => Int)
  totalCents: number;

  @Field(() => Int, { description: 'Charged at checkout: the deposit, first installment or total, in cents.' })
  dueNowCents: number;

  @Field(() => Int, { nullable: true })
  installments: number | null;

  @Field(() => String, { nullable: true, description: 'The lapsed booking’s promo code when it still applies (checked and claimed again when booking).' })
  promoCode: string | null;

  @Field(() => String, { nullable: true, description: 'Why the lapsed booking’s promo code no longer applies, or null.' })
  promoCodeNote: string | null;

  @Field({ description: 'A gift card or credit code paid part of the lapsed booking: it was given back and the link never spends it again.' })
  codeReturned: boolean;
}

@ObjectType({ description: 'The result of finishCheckout.' })
export class FinishedCheckout implements FinishedCheckoutFacts {
  @Field(() => FinishOutcome)
  outcome: FinishOutcome;

  @Field(() => ID, { description: 'The booking made (or the one led to).' })
  bookingId: string;

  @Field(() => String, { nullable: true, description: 'The hosted payment page; null without online payment or when nothing is paid there.' })
  url: string | null;

  @Field(() => String, { nullable: true })
  sessionId: string | null;
}
