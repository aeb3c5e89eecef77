import { signId, verifySignedId } from '../infrastructure/signed-id';

const PURPOSE = 'checkout-recovery:v1';

/**
 * The "finish your booking" link of a lapsed checkout (docs/decisions/098): the
 * booking form of its workshop with the lapsed booking's id, and an HMAC of it in
 * the fragment (never sent to a server, so never in a log). The form sends both to
 * `checkoutRecovery` to fill itself with the same choices.
 */
export class RecoveryLinks {
  constructor(
    private readonly secret: string,
    private readonly origin: string,
  ) {}

  token(bookingId: string): string {
    return signId(this.secret, PURPOSE, bookingId);
  }

  verify(bookingId: string, token: unknown): boolean {
    return verifySignedId(this.secret, PURPOSE, bookingId, token);
  }

  url(bookingId: string, workshopId: string): string {
    return `${this.origin}/booking/${encodeURIComponent(workshopId)}?resume=${encodeURIComponent(bookingId)}#${this.token(bookingId)}`;
  }
}
