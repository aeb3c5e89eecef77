/** Every mail the product sends; the value is stored in mail_outbox.kind and picks the template. */
export enum MailKind {
  /** Customer: spots reserved, no payment provider (the admin arranges payment). */
  bookingReserved = 'booking_reserved',
  /** Customer: a payment (deposit, installment or in full) was applied; the booking is confirmed. */
  bookingPaid = 'booking_paid',
  /** Customer: paid after the hold lapsed and the spots were taken meanwhile. */
  paymentNeedsAttention = 'payment_needs_attention',
  /** Customer: an unpaid hold expired and the spots were released. */
  holdExpired = 'hold_expired',
  /** Admin: a new paid booking. */
  adminNewBooking = 'admin_new_booking',
  /** Admin: a late payment for spots that are no longer free. */
  adminPaymentAttention = 'admin_payment_attention',
  /** Admin: a new community message. */
  adminCommunityMessage = 'admin_community_message',
}

/**
 * A booking and its workshop as they were when the mail was caused. Stored as
 * the outbox payload, so the mail tells what happened even if the booking
 * changes again before it is sent. Money in cents.
 */
export interface BookingMailData {
  bookingId: string;
  workshopId: string;
  workshopName: string;
  location: string;
  state: string;
  /** YYYY-MM-DD, first and last day. */
  startDate: string;
  endDate: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  numParticipants: number;
  numSpouses: number;
  roomType: string;
  paymentOption: string;
  installments: number | null;
  status: string;
  paymentStatus: string;
  totalCents: number;
  /** Charged at booking: deposit, first installment or the total. */
  dueNowCents: number;
  amountPaidCents: number;
  /** The payment this mail is about; null when none. */
  paymentCents: number | null;
  /** When it happened (ISO 8601, UTC). */
  at: string;
}

/** A community message as the admin notice shows it. */
export interface CommunityMessageMailData {
  messageId: string;
  workshopId: string;
  workshopName: string;
  authorName: string;
  authorEmail: string;
  topic: string;
  message: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

/** What an outbox row stores in `payload`; its `kind` says which one. */
export type MailPayload = BookingMailData | CommunityMessageMailData;

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** What a template produces. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}
