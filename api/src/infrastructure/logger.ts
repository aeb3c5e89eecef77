import pino, { type Logger } from 'pino';
import { requestContext } from './request-context';

export interface LoggerOptions {
  /** Human-readable lines (pino-pretty) instead of JSON: for development only. */
  pretty?: boolean;
}

/**
 * Structured JSON logs. Every line written while serving a request carries its
 * request id. Personal data stays out: log ids, never names, emails or bodies.
 */
export function createLogger(level: string, destination?: pino.DestinationStream, options: LoggerOptions = {}): Logger {
  // pino-pretty is a devDependency: main.ts asks for it in development only, when installed.
  const stream = destination ?? (options.pretty ? pino.transport({ target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' } }) : undefined);
  return pino(
    {
      level,
      base: { service: 'api' },
      // Lines of Fastify's request loggers carry reqId already; any other line written
      // while serving a request gets it from the request context.
      mixin(merge, _level, logger) {
        const ctx = requestContext.getStore();
        if (!ctx || (merge as { reqId?: unknown }).reqId !== undefined || 'reqId' in logger.bindings()) return {};
        return { reqId: ctx.requestId };
      },
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password'], censor: '[redacted]' },
    },
    stream,
  );
}
export type { Logger };
