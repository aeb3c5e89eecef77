import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../../infrastructure/errors';
import { isDatabaseUnavailable } from '../../infrastructure/db-errors';
import { snakeBodyToCamel, toSnake } from '../../infrastructure/case';
import { inputFieldNames, validateInputOrThrow } from '../../infrastructure/validation';
import type { Logger } from '../../infrastructure/logger';

/** A JSON object body, or a 422 naming the problem (arrays, strings and null are refused). */
export function jsonObjectBody(req: FastifyRequest): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, 'Request body must be a JSON object', [{ field: 'body', message: 'must be a JSON object' }]);
  }
  return body as Record<string, unknown>;
}

/**
 * A JSON object body (camelCase keys) sent to /workshops/{id}/...: its
 * workshop_id, when sent, must be the path's; a body naming another workshop is
 * a mistake, not a redirect (422 naming workshop_id).
 */
export function workshopPathBody(req: FastifyRequest, workshopId: string): Record<string, unknown> {
  const body = snakeBodyToCamel(jsonObjectBody(req));
  if (body.workshopId !== undefined && body.workshopId !== workshopId) {
    throw AppError.invalid([{ field: 'workshopId', message: 'workshopId must match the workshop in the path' }]);
  }
  return body;
}

/** REST callers speak snake_case: rename camelCase fields in validation errors. */
export function restError(error: AppError): AppError {
  return error.withFieldNames(toSnake);
}

const NOT_RECEIVED_IN_TIME = 'The request body was not received in time';

/**
 * A 4xx raised before any handler ran (Fastify's body reading: malformed JSON,
 * body too large, a bad Content-Length), as a status, a message for the caller
 * and a code; null for anything else.
 */
export function clientRequestError(err: unknown): { status: number; detail: string; code: ErrorCode } | null {
  if (err === null || typeof err !== 'object' || err instanceof AppError) return null;
  const status = (err as { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  const code = (err as { code?: unknown }).code;
  const detail =
    status === 413
      ? 'Request body is too large'
      : err instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'Malformed JSON body'
        : status === 415
          ? 'Unsupported body encoding'
          : status === 408
            ? NOT_RECEIVED_IN_TIME
            : 'Bad request';
  return { status, detail, code: status === 413 ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.BAD_REQUEST };
}

/**
 * Errors Node's HTTP server raises on a connection before any route sees the
 * request (Fastify's `clientErrorHandler`): a request not received within the
 * server's `requestTimeout`/`headersTimeout` gets a 408 in the error shape of
 * its path (REST or GraphQL), logged at info (a slow or stalled client, not a
 * fault of ours: issue 21 finding 8); a request Node cannot parse gets a 400 (431
 * for oversized headers). The connection is closed after the answer.
 */
export function clientConnectionErrorHandler(logger: Logger) {
  return (err: Error & { code?: string }, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    // The response (and its request) in flight on this connection, if the request's headers were read.
    const res = (socket as Socket & { _httpMessage?: { _headerSent?: boolean; req?: { method?: string; url?: string } } })._httpMessage;
    const req = res?.req;
    const path = req?.url?.split('?')[0];
    const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const detail = status === 408 ? NOT_RECEIVED_IN_TIME : status === 431 ? 'Request headers are too large' : 'Bad request';
    if (status === 408) logger.info({ method: req?.method, path }, 'request body not received in time');
    else logger.debug({ err: err.message, code: err.code }, 'unparsable request');
    const body = JSON.stringify(
      path === '/graphql' ? { errors: [{ message: detail, extensions: { code: ErrorCode.BAD_REQUEST } }] } : { detail, code: ErrorCode.BAD_REQUEST },
    );
    // As Node does: never write into a response that has begun.
    if (socket.writable && !res?._headerSent) {
      socket.write(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

const CLIENT_ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * A client that went away while we read its body (Node's "aborted" error):
 * nothing to answer, nothing broken on our side. Decided by the error alone:
 * a request whose body was read is "destroyed" too, and an error raised after
 * that is ours (issue 21 finding 7).
 */
export function isClientAbort(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CLIENT_ABORT_CODES.has(code);
}

/**
 * Body parsing shared by /api and /graphql: JSON only (an empty body is `{}`,
 * as before), with prototype-poisoning protection; any other content type is
 * read and dropped so the handler sees no body (a 422 "must be a JSON object",
 * not a 415). `answeredByText` sees each JSON body's text as received (before parsing); when it
 * answers true, the request is answered without its body (a cached answer found by the text: the
 * GraphQL route) and the text is not parsed (the body is an empty object).
 */
export function jsonBodies(app: FastifyInstance, options: { answeredByText?: (req: FastifyRequest, text: string) => boolean } = {}): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && options.answeredByText?.(req, body) === true) return done(null, {});
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, {});
    parseJson(req, body as string, done);
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, undefined));
}

/**
 * The one error handler of the REST shims: domain errors keep their status and
 * message; body errors are 4xx; a database outage is 503; a client that went
 * away is logged as such; anything else is a logged 500 with a generic message.
 */
export function restErrorHandler(logger: Logger) {
  return (err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply): void => {
    if (reply.sent) return;
    if (err instanceof AppError) {
      const e = restError(err);
      if (e.retryAfterSeconds) void reply.header('Retry-After', String(e.retryAfterSeconds));
      void reply.code(e.status).send({ detail: e.message, code: e.code, ...(e.fields.length ? { errors: e.fields } : {}) });
      return;
    }
    if (isClientAbort(err)) {
      logger.info({ method: req.method, path: req.url.split('?')[0] }, 'request aborted by the client');
      return;
    }
    const refused = clientRequestError(err);
    if (refused) {
      void reply.code(refused.status).send({ detail: refused.detail, code: refused.code });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      void reply.code(503).send({ detail: 'The database is unavailable. Please try again shortly.', code: ErrorCode.SERVICE_UNAVAILABLE });
      return;
    }
    logger.error({ err, method: req.method, path: req.url.split('?')[0] }, 'unexpected REST error');
    void reply.code(500).send({ detail: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
  };
}

/**
 * Parse a REST body into a validated input class: the body must be a JSON
 * object; snake_case keys map onto the class's camelCase fields (unknown keys
 * are ignored); `extra` (e.g. path parameters) wins over the body.
 */
export async function parseRestInput<T extends object>(cls: new () => T, req: FastifyRequest, extra: Record<string, unknown> = {}): Promise<T> {
  const body = jsonObjectBody(req);
  return validateInputOrThrow(cls, { ...snakeBodyToCamel(body), ...extra }, inputFieldNames(cls));
}
