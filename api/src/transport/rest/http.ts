import type { NextFunction, Request, Response } from 'express';
import { AppError, ErrorCode } from '../../infrastructure/errors';
import { isDatabaseUnavailable } from '../../infrastructure/db-errors';
import { snakeBodyToCamel, toSnake } from '../../infrastructure/case';
import { inputFieldNames, validateInputOrThrow } from '../../infrastructure/validation';
import type { Logger } from '../../infrastructure/logger';

/** A JSON object body, or a 422 naming the problem (arrays, strings and null are refused). */
export function jsonObjectBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, 'Request body must be a JSON object', [{ field: 'body', message: 'must be a JSON object' }]);
  }
  return body as Record<string, unknown>;
}

/** REST callers speak snake_case: rename camelCase fields in validation errors. */
export function restError(error: AppError): AppError {
  return error.withFieldNames(toSnake);
}

/**
 * A 4xx raised before any handler ran (body-parser: malformed JSON, body too
 * large, unsupported encoding), as a status, a message for the caller and a code;
 * null for anything else.
 */
export function clientRequestError(err: unknown): { status: number; detail: string; code: ErrorCode } | null {
  if (err === null || typeof err !== 'object') return null;
  const status = (err as { status?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  const type = (err as { type?: unknown }).type;
  const detail =
    type === 'entity.parse.failed'
      ? 'Malformed JSON body'
      : type === 'entity.too.large'
        ? 'Request body is too large'
        : type === 'encoding.unsupported' || type === 'charset.unsupported'
          ? 'Unsupported body encoding'
          : 'Bad request';
  return { status, detail, code: status === 413 ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.BAD_REQUEST };
}

/**
 * The one error handler of the REST shims: domain errors keep their status and
 * message; body-parser errors are 4xx; a database outage is 503; anything else
 * is a logged 500 with a generic message.
 */
export function restErrorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (res.headersSent) return;
    if (err instanceof AppError) {
      const e = restError(err);
      if (e.retryAfterSeconds) res.setHeader('Retry-After', String(e.retryAfterSeconds));
      res.status(e.status).json({ detail: e.message, code: e.code, ...(e.fields.length ? { errors: e.fields } : {}) });
      return;
    }
    const refused = clientRequestError(err);
    if (refused) {
      res.status(refused.status).json({ detail: refused.detail, code: refused.code });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      res.status(503).json({ detail: 'The database is unavailable. Please try again shortly.', code: ErrorCode.SERVICE_UNAVAILABLE });
      return;
    }
    logger.error({ err, method: req.method, path: req.path }, 'unexpected REST error');
    res.status(500).json({ detail: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
  };
}

/**
 * Parse a REST body into a validated input class: the body must be a JSON
 * object; snake_case keys map onto the class's camelCase fields (unknown keys
 * are ignored); `extra` (e.g. path parameters) wins over the body.
 */
export async function parseRestInput<T extends object>(
  cls: new () => T,
  req: Request,
  extra: Record<string, unknown> = {},
): Promise<T> {
  const body = jsonObjectBody(req);
  return validateInputOrThrow(cls, { ...snakeBodyToCamel(body), ...extra }, inputFieldNames(cls));
}
