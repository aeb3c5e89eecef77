import Fastify from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';

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

/**
 * The headers @fastify/helmet sets, computed once. They do not depend on the
 * request, and the plugin rebuilds helmet (parsing the CSP) on every request,
 * which cost more than a cached catalog answer; so they are read once from a
 * throwaway Fastify instance and then set from this list.
 */
export async function securityHeaders(options: SecurityHeaderOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, helmetOptions(options));
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const plain = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(Object.entries(res.headers).flatMap(([name, value]) => (plain.has(name) || value === undefined ? [] : [[name, String(value)]])));
}
