import { signId, verifySignedId } from '../infrastructure/signed-id';

const PURPOSE = 'review:v1';

/** What a valid review token names. */
export interface ReviewLinkClaim {
  bookingId: string;
  recipientKey: string;
  expiresAt: Date;
}

/**
 * The personal review link of one participant of one booking (docs/decisions/089),
 * made like the manage link (booking/manage-link.ts): nothing stored, an HMAC
 * under the server secret, carried in the URL fragment (/review/{bookingId}#{token})
 * so it never reaches a server log, a proxy or a Referer; the page posts it in a
 * body. The token holds who it is for and until when it works (90 days from its
 * mail), both covered by the signature: `{recipientKey}.{expires, epoch seconds}.{hmac}`.
 */
export class ReviewLinks {
  constructor(
    private readonly secret: string,
    private readonly origin: string,
  ) {}

  token(bookingId: string, recipientKey: string, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return `${recipientKey}.${expires}.${signId(this.secret, PURPOSE, `${bookingId}.${recipientKey}.${expires}`)}`;
  }

  url(bookingId: string, recipientKey: string, expiresAt: Date): string {
    return `${this.origin}/review/${encodeURIComponent(bookingId)}#${this.token(bookingId, recipientKey, expiresAt)}`;
  }

  /** The claim of a token made by us for this booking (constant-time), or null; expiry is the caller's rule. */
  read(bookingId: string, token: unknown): ReviewLinkClaim | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const match = /^([A-Za-z0-9_-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return null;
    const [, recipientKey, expires, signature] = match as unknown as [string, string, string, string];
    if (!verifySignedId(this.secret, PURPOSE, `${bookingId}.${recipientKey}.${expires}`, signature)) return null;
    return { bookingId, recipientKey, expiresAt: new Date(Number(expires) * 1000) };
  }
}
