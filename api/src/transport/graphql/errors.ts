import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { ArgumentValidationError } from 'type-graphql';
import { AppError, ErrorCode } from '../../infrastructure/errors';
import { toFieldErrors } from '../../infrastructure/validation';
import { isDatabaseUnavailable } from '../../infrastructure/db-errors';
import type { Logger } from '../../infrastructure/logger';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { clientRequestError, isClientAbort } from '../rest/http';

/**
 * Shape every GraphQL error for clients: domain errors keep their code, message
 * and bad fields; anything unexpected becomes a generic message (the details
 * go to the log, never to the client).
 */
export function createErrorFormatter(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    // The error a resolver threw: type-graphql's validation errors are GraphQLErrors
    // themselves; anything else arrives wrapped in one.
    const unwrapped = unwrapResolverError(error);
    const original =
      unwrapped instanceof GraphQLError && !(unwrapped instanceof ArgumentValidationError) && unwrapped.originalError
        ? unwrapped.originalError
        : unwrapped;
    if (original instanceof AppError) {
      return {
        message: original.message,
        path: formatted.path,
        extensions: {
          code: original.code,
          ...(original.fields.length ? { fields: original.fields } : {}),
          ...(original.retryAfterSeconds ? { retryAfterSeconds: original.retryAfterSeconds } : {}),
        },
      };
    }
    if (original instanceof ArgumentValidationError) {
      const fields = toFieldErrors(original.extensions.validationErrors);
      return {
        message: AppError.invalid(fields).message,
        path: formatted.path,
        extensions: { code: ErrorCode.BAD_USER_INPUT, fields },
      };
    }
    if (original && isDatabaseUnavailable(original)) {
      return { message: 'The database is unavailable. Please try again shortly.', path: formatted.path, extensions: { code: ErrorCode.SERVICE_UNAVAILABLE } };
    }
    // Apollo refuses some requests before running them with an HTTP 4xx but no code of its own
    // (a persisted query whose hash does not match, an unknown version): a client error, never an
    // INTERNAL_SERVER_ERROR (issue 21 finding 9).
    if (original instanceof GraphQLError && !original.originalError && formatted.extensions?.code === 'INTERNAL_SERVER_ERROR' && isClientStatus(original)) {
      return { message: formatted.message, ...(formatted.locations ? { locations: formatted.locations } : {}), extensions: { code: ErrorCode.BAD_REQUEST } };
    }
    // Errors made by graphql-js or Apollo themselves (syntax, validation, auth) are safe as they are.
    if (!original || original instanceof GraphQLError) {
      const { extensions, ...rest } = formatted;
      const { stacktrace: _drop, ...safe } = (extensions ?? {}) as Record<string, unknown>;
      return { ...rest, extensions: safe };
    }
    logger.error({ err: original, path: formatted.path }, 'unexpected GraphQL resolver error');
    return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
}

/** Whether Apollo gave an error an HTTP 4xx status (its `extensions.http.status`). */
function isClientStatus(error: GraphQLError): boolean {
  const status = (error.extensions?.http as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * Error handler of /graphql: a body refused before Apollo ran (malformed JSON,
 * too large, too slow) is answered in the GraphQL error shape, as JSON. A client
 * that went away is logged as such; anything else is logged and answered with
 * a generic 500.
 */
export function graphqlBodyErrorHandler(logger: Logger) {
  return (err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply): void => {
    if (reply.sent) return;
    if (isClientAbort(err)) {
      logger.info({ method: req.method, path: req.url.split('?')[0] }, 'request aborted by the client');
      return;
    }
    const refused = clientRequestError(err);
    if (refused) {
      void reply.code(refused.status).send({ errors: [{ message: refused.detail, extensions: { code: refused.code } }] });
      return;
    }
    logger.error({ err, method: req.method, path: req.url.split('?')[0] }, 'unexpected GraphQL transport error');
    void reply.code(500).send({ errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
  };
}
