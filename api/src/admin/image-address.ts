/** Longest image address stored (the column is varchar(2000)). */
export const MAX_IMAGE_URL_LENGTH = 2000;

/**
 * A workshop photo address the site will put in an <img src>: an absolute
 * http(s) URL with a host and no user:password part, or a path on this site
 * ("/images/x.jpg", but not the protocol-relative "//evil.example/x").
 * Everything else – javascript:, data:, file:, relative paths, whitespace,
 * backslashes, control characters – is refused.
 */
export function isImageAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_IMAGE_URL_LENGTH) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\s\\\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!/^https?:\/\/[^/?#]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
