import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/**
 * What the server said about a refused operation, read one way by every form
 * (the api's error codes and messages: api/src/infrastructure/errors.ts).
 */
export interface GraphqlProblem {
  /** The error code of the first error that has one (BAD_USER_INPUT, SOLD_OUT, CHALLENGE_REQUIRED, ...), if any. */
  code: string | null;
  /** The server's message for the person (first error), if the server answered with one. */
  message: string | null;
  /** Field (the last part of its path, e.g. `name` for `input.name`) -> the server's message for it. */
  fields: Partial<Record<string, string>>;
}

/** The server's refusal of a GraphQL operation; all empty for a network or unexpected failure. */
export function graphqlProblem(error: unknown): GraphqlProblem {
  if (!CombinedGraphQLErrors.is(error)) return { code: null, message: null, fields: {} };
  const fields: Partial<Record<string, string>> = {};
  for (const e of error.errors) {
    const list = e.extensions?.fields;
    if (!Array.isArray(list)) continue;
    for (const f of list as Array<{ field: string; message: string }>) fields[f.field.split('.').pop()!] ??= f.message;
  }
  const code = error.errors.find((e) => typeof e.extensions?.code === 'string')?.extensions?.code as string | undefined;
  return { code: code ?? null, message: error.errors[0]?.message ?? null, fields };
}

/** The server's message for a refused operation, or the fallback (a network failure, an unexpected error). */
export function problemMessage(error: unknown, fallback: string): string {
  return graphqlProblem(error).message ?? fallback;
}

/** Is this failure "not (or no longer) authenticated": a GraphQL UNAUTHENTICATED error or an HTTP 401? */
export function isUnauthenticated(error: unknown): boolean {
  // SECOND_FACTOR_REQUIRED: the password is right but the session of the second factor is missing or ended (docs/decisions/092).
  const code = graphqlProblem(error).code;
  if (code === 'UNAUTHENTICATED' || code === 'SECOND_FACTOR_REQUIRED') return true;
  return ServerError.is(error) && error.statusCode === 401;
}

/** The server wants a solved proof-of-work challenge with this request (CHALLENGE_REQUIRED, docs/decisions/056 and 067). */
export function isChallengeRequired(error: unknown): boolean {
  return graphqlProblem(error).code === 'CHALLENGE_REQUIRED';
}

/** The server's message of a rate-limited attempt ("Too many ... wait N seconds"), if it was one. */
export function rateLimitMessage(error: unknown): string | undefined {
  const p = graphqlProblem(error);
  return p.code === 'RATE_LIMITED' ? (p.message ?? undefined) : undefined;
}
