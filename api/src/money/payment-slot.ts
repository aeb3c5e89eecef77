import crypto from 'node:crypto';

/** A claim on creating a booking's session that is older than this is abandoned. */
export const CHECKOUT_CLAIM_STALE_MS = 60_000;
/** An off-session charge claim older than this was abandoned by a crashed worker (the job re-runs it with the same idempotency key). */
export const CHARGE_CLAIM_STALE_MS = 10 * 60_000;

const CHECKOUT = 'pending';
const CHARGE = 'charging';

/**
 * A booking's payment slot (its checkout_session_id column), the one place
 * that knows how it is written: free (null), a Checkout Session's id, or a
 * claim — a session being created (`pending:<ms>:<hex>`) or an off-session
 * charge running (`charging:<ms>:<hex>`). While a fresh claim holds the slot
 * no checkout starts and no charge runs; a stale one (its holder crashed) may
 * be taken over. Only this module reads or writes the claim markers.
 */
export class PaymentSlot {
  private constructor(readonly value: string | null) {}

  static parse(value: string | null | undefined): PaymentSlot {
    return new PaymentSlot(value ?? null);
  }

  /** A new claim on creating a Checkout Session (compare-and-set it into the column). */
  static claimForCheckout(now: Date): PaymentSlot {
    return new PaymentSlot(`${CHECKOUT}:${now.getTime()}:${crypto.randomBytes(6).toString('hex')}`);
  }

  /** A new claim on charging the saved card off-session. */
  static claimForCharge(now: Date): PaymentSlot {
    return new PaymentSlot(`${CHARGE}:${now.getTime()}:${crypto.randomBytes(6).toString('hex')}`);
  }

  get isFree(): boolean {
    return this.value === null;
  }

  /** Held by a claim (a session being created or a charge running), not by a session. */
  isClaim(): boolean {
    return this.kind() !== null;
  }

  isCharging(): boolean {
    return this.kind() === CHARGE;
  }

  /** A claim on creating a session (nothing was handed to the provider's page yet). */
  isCreatingSession(): boolean {
    return this.kind() === CHECKOUT;
  }

  /** The Checkout Session this slot holds, or null (free, or a claim). */
  get sessionId(): string | null {
    return this.value !== null && !this.isClaim() ? this.value : null;
  }

  /** A claim whose holder took longer than it may: abandoned, it can be taken over. */
  isStale(now: Date): boolean {
    const kind = this.kind();
    if (kind === null) return false;
    const limit = kind === CHARGE ? CHARGE_CLAIM_STALE_MS : CHECKOUT_CLAIM_STALE_MS;
    return now.getTime() - Number(this.value!.split(':')[1]) > limit;
  }

  /** A claim that still holds the slot: another checkout or charge is in flight. */
  isBusy(now: Date): boolean {
    return this.isClaim() && !this.isStale(now);
  }

  private kind(): typeof CHECKOUT | typeof CHARGE | null {
    const v = this.value;
    if (v?.startsWith(`${CHECKOUT}:`)) return CHECKOUT;
    if (v?.startsWith(`${CHARGE}:`)) return CHARGE;
    return null;
  }
}
