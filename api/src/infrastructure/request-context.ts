import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';

/** Per-request data available to any code running for that request (logs use the id). */
export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

const SAFE_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * The id of a request: the caller's X-Request-Id when it looks sane (so a trace
 * can cross a proxy), else a new one. Anything else could inject text into logs.
 */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
}
