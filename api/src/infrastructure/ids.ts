/**
 * An id as we store it (a UUID, lower case), or null for anything that cannot
 * be one: lookups by an id from a URL or a body skip the database for junk.
 */
export function storedId(id: unknown): string | null {
  return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? id.toLowerCase() : null;
}
