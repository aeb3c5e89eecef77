import { signId, verifySignedId } from '../infrastructure/signed-id';

const PURPOSE = 'manage-booking:v1';

/**
 * The personal "Manage your booking" link (docs/decisions/062): the booking id
 * and an HMAC of it under a server secret, so nothing is stored and every
 * instance checks it alike. The token travels in the URL fragment
 * (/manage/{id}#{token}), which browsers never send to a server: it cannot land
 * in our logs, a proxy's logs or a Referer header. The page sends it in the
 * body of its API calls.
 */
export class ManageLinks {
  constructor(
    private readonly secret: string,
    private readonly origin: string,
  ) {}

  token(bookingId: string): string {
    return signId(this.secret, PURPOSE, bookingId);
  }

  /** Constant-time check of a token against the booking id. */
  verify(bookingId: string, token: unknown): boolean {
    return verifySignedId(this.secret, PURPOSE, bookingId, token);
  }

  url(bookingId: string): string {
    return `${this.origin}/manage/${encodeURIComponent(bookingId)}#${this.token(bookingId)}`;
  }
}
