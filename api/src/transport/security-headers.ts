import type { FastifyHelmetOptions } from '@fastify/helmet';

export interface SecurityHeaderOptions {
  /** Send Strict-Transport-Security and upgrade-insecure-requests (set when served over https). */
  hsts: boolean;
}

/**
 * Security headers for every response (@fastify/helmet). The CSP allows only
 * our own scripts (the built app has no inline script); images may come from
 * https addresses the admin sets for workshop photos.
 */
export function helmetOptions(options: SecurityHeaderOptions): FastifyHelmetOptions {
  return {
    global: true,
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
  };
}
