import crypto from 'node:crypto';

/**
 * The short booking reference a customer quotes ("WL-7KQ2M", issue 24): five
 * symbols of an alphabet that cannot be misread aloud or by hand (no 0/O,
 * 1/I/L), 31^5, about 28.6 million. It names a booking in conversation, mails
 * and the admin's search; it is not a secret and opens nothing: the random id
 * stays the key in links (decision 078).
 */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_SYMBOLS = 5;
export const REFERENCE_PATTERN = new RegExp(`^WL-[${REFERENCE_ALPHABET}]{${REFERENCE_SYMBOLS}}$`);

/** A random reference, the symbols drawn evenly (crypto.randomInt, no modulo bias). */
export function newBookingReference(): string {
  return `WL-${Array.from({ length: REFERENCE_SYMBOLS }, () => REFERENCE_ALPHABET[crypto.randomInt(REFERENCE_ALPHABET.length)]).join('')}`;
}

/** A reference as typed ("wl 7kq2m", "WL-7KQ2M ") in its stored form, or null when it cannot be one. */
export function normalizeBookingReference(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, '');
  const symbols = compact.startsWith('WL') ? compact.slice(2) : compact;
  const ref = `WL-${symbols}`;
  return REFERENCE_PATTERN.test(ref) ? ref : null;
}
