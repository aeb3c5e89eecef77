import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** Per-request data available to any code running for that request (logs use the id). */
export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

const SAFE_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * Give every request an id (the caller's X-Request-Id when it looks sane, else a
 * new one), echo it in the response and make it visible to every log line.
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.header('x-request-id');
  const requestId = incoming && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
  res.setHeader('X-Request-Id', requestId);
  requestContext.run({ requestId }, next);
}
