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
  stream.on('drop', (data: unknown) => {
    // A dropped write may hold more than one line: count its lines.
    const text = String(data);
    let lines = 0;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
    dropped += Math.max(1, lines);
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

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger (Fastify's `request.log`, made by `requestLoggerFactory`) that becomes pino's
 * child with the request's bindings (its `reqId`) only when something is logged through it. Most
 * requests log nothing but their access line, which app.ts writes on the root logger with the
 * request id as a field (the same line): a pino child per request was a cost of every request
 * (docs/decisions/109). A line written through it is the child's line, byte for byte.
 */
export class LazyRequestLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindingsOfRequest: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {}

  /** pino's child, made on first use. */
  get real(): Logger {
    return (this.made ??= this.parent.child(this.bindingsOfRequest, this.options));
  }

  get level(): pino.LevelWithSilentOrString {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: pino.LevelWithSilentOrString) {
    this.real.level = level;
  }

  isLevelEnabled(level: pino.LevelWithSilentOrString): boolean {
    return this.made || this.options.level !== undefined ? this.real.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  bindings(): pino.Bindings {
    return this.real.bindings();
  }

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): Logger {
    return this.real.child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  private write(method: LogMethod, args: unknown[]): void {
    // A level that is off writes nothing: no child is made for it.
    if (method !== 'silent' && !this.isLevelEnabled(method)) return;
    (this.real[method] as (...a: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is a LazyRequestLogger. */
export function requestLoggerFactory(logger: Logger, bindings: pino.Bindings, options: pino.ChildLoggerOptions): Logger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as Logger;
}

/**
 * The logger of the access line (app.ts AccessLog): the same destination, level, base fields and
 * mixin as `logger`, without redaction. The access line's fields are fixed (reqId, method, path
 * without query, status, ms) and none is a redacted path, so its bytes are the same; redaction
 * (which walks every line for the secret paths) cost more than writing the line
 * (docs/decisions/109). Use it for that line only: any other line may carry a secret.
 */
export function accessLogger(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}

/**
 * The access line of one request on `accessLog` (accessLogger): request id, method, path without
 * the query string (it may hold session ids), status, ms to one decimal; error level for a 5xx.
 * Fastify's LogController (app.ts) and the front door (front-door.ts) both write it.
 */
export function writeAccessLine(accessLog: Logger, reqId: string, method: string, url: string, status: number, ms: number): void {
  if (status < 500 && !accessLog.isLevelEnabled('info')) return;
  const query = url.indexOf('?');
  const line = { reqId, method, path: query === -1 ? url : url.slice(0, query), status, ms: Math.round(ms * 10) / 10 };
  if (status >= 500) accessLog.error(line, 'request failed');
  else accessLog.info(line, 'request');
}
