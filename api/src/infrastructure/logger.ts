import pino, { type Logger } from 'pino';
import { requestContext } from './request-context';

export interface LoggerOptions {
  /** Human-readable lines (pino-pretty) instead of JSON: for development only. */
  pretty?: boolean;
}

/**
 * Bytes of log lines the asynchronous destination holds while the disk or pipe is behind; past it,
 * lines are dropped (counted, and said in the log once the writes catch up) rather than the
 * process growing without bound.
 */
export const LOG_BUFFER_BYTES = 16 * 1024 * 1024;

/** Bytes of lines gathered before a write; a quiet process writes what it has every LOG_FLUSH_MS. */
export const LOG_WRITE_BYTES = 4096;
export const LOG_FLUSH_MS = 250;

/**
 * Standard output, written asynchronously (pino's SonicBoom with `sync: false`): a request does not
 * wait for a write system call per log line. Lines are gathered up to LOG_WRITE_BYTES (about 25
 * access lines) or LOG_FLUSH_MS, whichever comes first, and written together off the main thread.
 * pino flushes what is left synchronously when the process exits (its exit handler, also on
 * `process.exit`), so only a SIGKILL or a crash of Node itself can lose the last lines
 * (docs/decisions/074).
 */
export function asyncStdout(): pino.DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: LOG_WRITE_BYTES, periodicFlush: LOG_FLUSH_MS, maxLength: LOG_BUFFER_BYTES });
  let dropped = 0;
  stream.on('drop', () => {
    dropped++;
  });
  stream.on('drain', () => {
    if (dropped === 0) return;
    const line = JSON.stringify({ level: 40, time: Date.now(), service: 'api', dropped, msg: 'log lines dropped: the log destination was too slow' });
    dropped = 0;
    stream.write(`${line}\n`);
  });
  return stream;
}

const CHINDINGS = pino.symbols.chindingsSym;

/**
 * Structured JSON logs. Every line written while serving a request carries its
 * request id. Personal data stays out: log ids, never names, emails or bodies.
 * Without a destination, lines go to standard output asynchronously (asyncStdout).
 */
export function createLogger(level: string, destination?: pino.DestinationStream, options: LoggerOptions = {}): Logger {
  // pino-pretty is a devDependency: main.ts asks for it in development only, when installed.
  const stream =
    destination ??
    (options.pretty ? pino.transport({ target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' } }) : asyncStdout());
  return pino(
    {
      level,
      base: { service: 'api' },
      // Lines of Fastify's request loggers carry reqId already; any other line written
      // while serving a request gets it from the request context. (The logger's own
      // bindings are read as pino keeps them, a JSON fragment: bindings() parses it.)
      mixin(merge, _level, logger) {
        const ctx = requestContext.getStore();
        if (!ctx || (merge as { reqId?: unknown }).reqId !== undefined) return {};
        const chindings = (logger as unknown as Record<symbol, string | undefined>)[CHINDINGS];
        if (chindings?.includes(',"reqId":')) return {};
        return { reqId: ctx.requestId };
      },
      // The link tokens (manage link, a traveller's link: docs/decisions/062, 084) are secrets like the password.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-manage-token"]', 'req.headers["x-traveller-token"]', 'password', '*.password', 'token', '*.token'],
        censor: '[redacted]',
      },
    },
    stream,
  );
}
export type { Logger };
