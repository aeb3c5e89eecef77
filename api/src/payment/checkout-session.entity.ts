import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Every Checkout Session this server created, with what it asked for. A paid
 * session is applied to a booking only if it is one of these, for this booking,
 * amount and currency (hardening finding 3): anyone able to put a booking id on
 * some other session must not confirm that booking with it. A booking can have
 * had several (a creation that timed out at the provider, then a retry).
 */
@Entity({ name: 'checkout_sessions' })
@Index('idx_checkout_sessions_booking', ['bookingId'])
export class CheckoutSessionRecord {
  /** The provider's session id. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 36 })
  bookingId: string;

  /** What we asked the customer to pay, in cents. */
  @Column({ type: 'int' })
  amountCents: number;

  /** ISO 4217, lower case as the provider writes it. */
  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** What it pays: the first payment, the balance, an installment paid early or after a decline. */
  @Column({ type: 'varchar', length: 12, default: 'first' })
  purpose: string;

  @Column({ type: 'int', nullable: true })
  installmentNumber: number | null;

  @Column({ type: 'datetime', precision: 3 })
  createdAt: Date;
}
