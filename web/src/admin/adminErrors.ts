import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/** The GraphQL error code of a failed operation (first error), if any. */
export function errorCode(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) {
    const code = error.errors.find((e) => e.extensions?.code)?.extensions?.code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** Is this failure "not (or no longer) authenticated" – a GraphQL UNAUTHENTICATED error or an HTTP 401? */
export function isUnauthenticated(error: unknown): boolean {
  if (errorCode(error) === 'UNAUTHENTICATED') return true;
  return ServerError.is(error) && error.statusCode === 401;
}

/** The server's message of a rate-limited attempt ("Too many ... wait N seconds"), if it was one. */
export function rateLimitMessage(error: unknown): string | undefined {
  if (errorCode(error) !== 'RATE_LIMITED' || !CombinedGraphQLErrors.is(error)) return undefined;
  return error.errors[0]?.message;
}
