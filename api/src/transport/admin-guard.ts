import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminAuthService } from '../admin/admin-auth.service';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { clientKey } from '../infrastructure/rate-limit';

/** Result of checking a request's admin credential. */
export type AdminCheck = { isAdmin: true; adminError?: undefined } | { isAdmin: false; adminError: AppError };

/**
 * The one admin guard: reads `Authorization: Basic ...` and asks the
 * AdminAuthService. REST admin routes use it through requireAdmin; the GraphQL
 * context uses it to set isAdmin (and keeps the reason for the auth checker).
 */
export async function checkAdmin(adminAuth: AdminAuthService, authorization: string | undefined, client: string): Promise<AdminCheck> {
  try {
    await adminAuth.authenticateOrThrow(authorization, client);
    return { isAdmin: true };
  } catch (e) {
    if (e instanceof AppError) return { isAdmin: false, adminError: e };
    throw e;
  }
}

/** Fastify preHandler: 401 without or with a wrong credential, 429 while throttled. */
export function requireAdmin(adminAuth: AdminAuthService) {
  return async (req: FastifyRequest): Promise<void> => {
    const check = await checkAdmin(adminAuth, req.headers.authorization, clientKey(req));
    if (!check.isAdmin) throw check.adminError;
  };
}

export const CROSS_SITE_REFUSED = 'Cross-site admin requests are refused';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Browsers resend Basic credentials on their own, so admin writes (any method
 * but GET, HEAD and OPTIONS) must come from our own pages: a request whose Sec-Fetch-Site says another site, or
 * whose Origin is neither this host nor PUBLIC_ORIGIN, is refused with 403.
 * Clients that are not browsers send neither header and are unaffected.
 * (GraphQL mutations are covered by Apollo Server's CSRF prevention, which
 * only accepts requests a browser must preflight.)
 */
export function refuseCrossSite(publicOrigin: string | undefined) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (SAFE_METHODS.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new AppError(ErrorCode.FORBIDDEN, CROSS_SITE_REFUSED);
    }
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const own = `${req.protocol}://${req.host}`;
      if (origin !== own && origin !== publicOrigin) throw new AppError(ErrorCode.FORBIDDEN, CROSS_SITE_REFUSED);
    }
  };
}
