import crypto from 'node:crypto';

/**
 * A token that proves a link was made by us for one record: an HMAC-SHA256 of
 * `purpose:id` under a server secret (base64url, 32 characters), so nothing is
 * stored and every instance checks it alike. The purpose keeps the tokens of one
 * kind of link useless as another (manage links, waiting-list confirmations).
 */
export function signId(secret: string, purpose: string, id: string): string {
  return crypto.createHmac('sha256', secret).update(`${purpose}:${id.toLowerCase()}`).digest('base64url').slice(0, 32);
}

/** Constant-time check of a token against the id it should sign. */
export function verifySignedId(secret: string, purpose: string, id: unknown, token: unknown): boolean {
  if (typeof token !== 'string' || typeof id !== 'string') return false;
  const expected = Buffer.from(signId(secret, purpose, id));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
