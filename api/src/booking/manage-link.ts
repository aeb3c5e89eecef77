import crypto from 'node:crypto';

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
    return crypto.createHmac('sha256', this.secret).update(`manage-booking:v1:${bookingId.toLowerCase()}`).digest('base64url').slice(0, 32);
  }

  /** Constant-time check of a token against the booking id. */
  verify(bookingId: string, token: unknown): boolean {
    if (typeof token !== 'string' || typeof bookingId !== 'string') return false;
    const expected = Buffer.from(this.token(bookingId));
    const given = Buffer.from(token);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  url(bookingId: string): string {
    return `${this.origin}/manage/${encodeURIComponent(bookingId)}#${this.token(bookingId)}`;
  }
}
