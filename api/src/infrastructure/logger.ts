import pino, { type Logger } from 'pino';
import { requestContext } from './request-context';

/**
 * Structured JSON logs. Every line written while serving a request carries its
 * request id. Personal data stays out: log ids, never names, emails or bodies.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
    level,
    base: { service: 'api' },
    mixin() {
      const ctx = requestContext.getStore();
      return ctx ? { reqId: ctx.requestId } : {};
    },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password'], censor: '[redacted]' },
    },
    destination,
  );
}
export type { Logger };
