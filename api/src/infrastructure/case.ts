/** camelCase <-> snake_case for the REST edge (GraphQL speaks camelCase, REST the spec's snake_case). */
export const toSnake = (s: string): string => remembered(snakeNames, s, () => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
export const toCamel = (s: string): string => remembered(camelNames, s, () => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));

// Field names repeat on every request: each is converted once. Callers choose the keys, so
// each map stops growing at a few hundred names (further names are converted every time).
const snakeNames = new Map<string, string>();
const camelNames = new Map<string, string>();
function remembered(names: Map<string, string>, s: string, convert: () => string): string {
  let out = names.get(s);
  if (out === undefined) {
    out = convert();
    if (names.size < 500 && s.length <= 64) names.set(s, out);
  }
  return out;
}

/** Copy the snake_case keys of a JSON object onto camelCase keys (one level deep). */
export function snakeBodyToCamel(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) out[toCamel(k)] = v;
  return out;
}
