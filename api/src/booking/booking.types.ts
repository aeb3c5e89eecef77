import { registerEnumType } from 'type-graphql';

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

/** Life cycle of a booking's claim on spots. */
export enum BookingStatus {
  /** Spots are held; payment not yet received. Expires at holdExpiresAt when set. */
  held = 'held',
  /** Paid (deposit, installment or in full): spots are sold. */
  confirmed = 'confirmed',
  /** The hold lapsed or its checkout expired: spots returned. */
  expired = 'expired',
  /** Cancelled by the admin: spots returned. */
  cancelled = 'cancelled',
  /** Paid after its hold lapsed and the spots were gone: the admin must refund or move it. */
  needs_attention = 'needs_attention',
}
registerEnumType(BookingStatus, { name: 'BookingStatus', description: 'Whether the booking holds, owns or released its spots.' });

/** Values of Booking.paymentStatus (a string on the wire; the UI greys unknown ones). */
export const PaymentStatus = {
  pending: 'pending',
  depositPaid: 'deposit_paid',
  paid: 'paid',
  expired: 'expired',
  refundDue: 'refund_due',
} as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

/** Statuses whose bookings occupy spots. */
export const SPOT_HOLDING_STATUSES: BookingStatus[] = [BookingStatus.held, BookingStatus.confirmed];
