import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Logger } from '../infrastructure/logger';

export interface HardeningOptions {
  /** Send Strict-Transport-Security and upgrade-insecure-requests (set when served over https). */
  hsts: boolean;
}

/**
 * Security headers for every response. The CSP allows only our own scripts (the
 * built app has no inline script); images may come from https addresses the admin
 * sets for workshop photos.
 */
export function securityHeaders(options: HardeningOptions): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', ...(options.hsts ? [] : ['http:'])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.hsts ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/** One line per request: method, path (no query string: it may hold session ids), status, time. */
export function accessLog(logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = { method: req.method, path: req.originalUrl.split('?')[0], status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) logger.error(line, 'request failed');
      else logger.info(line, 'request');
    });
    next();
  };
}

/**
 * Never leave a caller hanging: a request not answered within `ms` gets a 503
 * (e.g. a database that accepts connections but does not answer).
 */
export function requestTimeout(ms: number): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    const timer = setTimeout(() => {
      if (!res.headersSent) {
        res.status(503).json({ detail: 'The server is not able to answer right now. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' });
      }
    }, ms);
    timer.unref();
    res.on('close', () => clearTimeout(timer));
    res.on('finish', () => clearTimeout(timer));
    next();
  };
}

/**
 * The headers securityHeaders() sets, computed once, for responses written
 * without Express (the catalog fast lane). Helmet's headers do not depend on the
 * request, so running it once against a recording response gives all of them.
 */
export function staticSecurityHeaders(options: HardeningOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let done = false;
  securityHeaders(options)({ headers: {}, method: 'GET', url: '/' } as Request, recorder as unknown as Response, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return [...headers];
}
