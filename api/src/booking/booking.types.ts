import { registerEnumType } from 'type-graphql';
import { BookingStatus, PaymentStatus } from '../shared/booking-status';

export { BookingStatus, PaymentStatus };

export enum RoomType {
  shared = 'shared',
  private = 'private',
}
registerEnumType(RoomType, { name: 'RoomType', description: 'Shared room (included) or private room (supplement).' });

export enum PaymentOption {
  deposit = 'deposit',
  full = 'full',
  payment_plan = 'payment_plan',
}
registerEnumType(PaymentOption, {
  name: 'PaymentOption',
  description: '30% deposit now, full payment now, or a 3-6 month installment plan.',
});

export enum ExperienceLevel {
  beginner = 'beginner',
  intermediate = 'intermediate',
  advanced = 'advanced',
  professional = 'professional',
}
registerEnumType(ExperienceLevel, { name: 'ExperienceLevel', description: 'Photography experience of the participant.' });

// The states live in shared/ (the web reads the same rules); here they become GraphQL enums.
registerEnumType(BookingStatus, {
  name: 'BookingStatus',
  description: 'Whether the booking holds, owns or released its spots (docs/decisions/051).',
  valuesConfig: {
    held: { description: 'Spots held, payment not yet received; lapses at holdExpiresAt when set.' },
    confirmed: { description: 'Paid (deposit, installment or in full): the spots are sold.' },
    expired: { description: 'The hold lapsed before payment: the spots were released.' },
    cancelled: { description: 'Cancelled by the customer, the admin or with its workshop: the spots were released.' },
    needs_attention: { description: 'Paid after the hold lapsed and the spots were gone: the admin refunds or moves it.' },
  },
});
registerEnumType(PaymentStatus, {
  name: 'PaymentStatus',
  description: 'Where the money of a booking stands.',
  valuesConfig: {
    pending: { description: 'Nothing received yet.' },
    deposit_paid: { description: 'The deposit of a deposit booking received; the balance is left.' },
    partially_paid: { description: 'Some installments of a payment plan received.' },
    paid: { description: 'Everything owed has been received.' },
    refunded: { description: 'Everything received was refunded (a cancelled booking).' },
    partially_refunded: { description: 'Part of what was received was refunded; the rest was kept under the policy.' },
  },
});
