import { signId, verifySignedId } from '../infrastructure/signed-id';

const PURPOSE = 'traveller-tasks:v1';

/**
 * A traveller's personal link to their own pre-trip tasks (docs/decisions/084):
 * like the manage link, the traveller id and an HMAC of it under the server
 * secret, the token in the URL fragment (/trip/{id}#{token}) so it never reaches
 * a server log; the page sends it in the body (or the X-Traveller-Token header).
 * Its purpose differs from the manage link's: neither token opens the other.
 */
export class TravellerLinks {
  constructor(
    private readonly secret: string,
    private readonly origin: string,
  ) {}

  token(travellerId: string): string {
    return signId(this.secret, PURPOSE, travellerId);
  }

  verify(travellerId: string, token: unknown): boolean {
    return verifySignedId(this.secret, PURPOSE, travellerId, token);
  }

  url(travellerId: string): string {
    return `${this.origin}/trip/${encodeURIComponent(travellerId)}#${this.token(travellerId)}`;
  }
}
