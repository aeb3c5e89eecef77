/** camelCase <-> snake_case for the REST edge (GraphQL speaks camelCase, REST the spec's snake_case). */
export const toSnake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const toCamel = (s: string): string => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Copy the snake_case keys of a JSON object onto camelCase keys (one level deep). */
export function snakeBodyToCamel(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) out[toCamel(k)] = v;
  return out;
}
