/** Readable labels for enum values shown on screen. */
export const WORKSHOP_TYPE_LABELS: Record<string, string> = {
  landscape: 'Landscape',
  portrait_posing: 'Portrait Posing',
  adventure: 'Adventure',
  storm_chasing: 'Storm Chasing',
  wildlife: 'Wildlife',
};

export const labelOf = (labels: Record<string, string>, value: string): string =>
  labels[value] ?? value.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * A booking's payment status in words (issue 14). Only paid and deposit_paid are
 * styled (spec section 3); every other status is grey.
 */
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  deposit_paid: 'Deposit paid',
  partially_paid: 'Partly paid (plan)',
  paid: 'Paid',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

/** Every payment status, in the order a booking goes through them (the admin filter lists them so). */
export const PAYMENT_STATUSES = Object.keys(PAYMENT_STATUS_LABELS);

/** The words of a payment status; a payment plan never says "Deposit paid". */
export function paymentStatusLabel(status: string, paymentOption?: string | null): string {
  if (status === 'deposit_paid' && paymentOption === 'payment_plan') return PAYMENT_STATUS_LABELS.partially_paid;
  return labelOf(PAYMENT_STATUS_LABELS, status);
}

/** A booking's own status (its claim on spots) in words. */
export const BOOKING_STATUS_LABELS: Record<string, string> = {
  held: 'Reserved, awaiting payment',
  confirmed: 'Confirmed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  needs_attention: 'Needs attention',
};

export const bookingStatusLabel = (status: string): string => labelOf(BOOKING_STATUS_LABELS, status);

/** What a payment was for. */
export const PAYMENT_PURPOSE_LABELS: Record<string, string> = {
  first: 'First payment',
  balance: 'Balance',
  installment: 'Installment',
  transfer: 'Transfer',
  offline: 'Recorded payment',
};

export const REFUND_STATE_LABELS: Record<string, string> = {
  pending: 'Being made',
  processing: 'Being made',
  succeeded: 'Refunded',
  failed: 'Failed',
  owed: 'To be paid back by hand',
  done: 'Paid back',
};

export const REFUND_REASON_LABELS: Record<string, string> = {
  cancellation: 'Cancellation',
  admin: 'Refund by the organiser',
  transfer: 'Transfer to a cheaper workshop',
  workshop_cancelled: 'Workshop cancelled',
  provider: 'Refund through the payment provider',
  late_payment: 'Paid after the cancellation',
};

export const INSTALLMENT_STATE_LABELS: Record<string, string> = {
  scheduled: 'Scheduled',
  paid: 'Paid',
  failed: 'Charge failed',
  cancelled: 'Cancelled',
};
