import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Services } from '../composition-root';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { clientKey } from '../infrastructure/rate-limit';

/** Result of checking a request's admin credential. */
export type AdminCheck = { isAdmin: true; adminError?: undefined } | { isAdmin: false; adminError: AppError };

/**
 * The one admin guard: reads `Authorization: Basic ...` and asks the
 * AdminAuthService. REST admin routes use it through requireAdmin; the GraphQL
 * context uses it to set isAdmin (and keeps the reason for the auth checker).
 */
export async function checkAdmin(services: Services, req: Request): Promise<AdminCheck> {
  try {
    await services.adminAuth.authenticateOrThrow(req.get('authorization'), clientKey(req));
    return { isAdmin: true };
  } catch (e) {
    if (e instanceof AppError) return { isAdmin: false, adminError: e };
    throw e;
  }
}

/** Express middleware: 401 without or with a wrong credential, 429 while throttled. */
export function requireAdmin(services: Services): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const check = await checkAdmin(services, req);
    if (!check.isAdmin) throw check.adminError;
    next();
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
export function refuseCrossSite(services: Services): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new AppError(ErrorCode.FORBIDDEN, CROSS_SITE_REFUSED);
    }
    const origin = req.get('origin');
    if (origin !== undefined) {
      const own = `${req.protocol}://${req.host}`;
      if (origin !== own && origin !== services.config.publicOrigin) throw new AppError(ErrorCode.FORBIDDEN, CROSS_SITE_REFUSED);
    }
    next();
  };
}
