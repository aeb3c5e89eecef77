import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminAuthService, AdminClient } from '../admin/admin-auth.service';
import type { Config } from '../infrastructure/config/env';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { clientKey } from '../infrastructure/rate-limit';

/** Result of checking a request's admin credential (with the known-device token to keep on the client). */
export type AdminCheck = { isAdmin: true; adminError?: undefined; deviceToken: string } | { isAdmin: false; adminError: AppError };

/**
 * The known-device cookie (docs/decisions/057): set at each successful admin
 * check, sent back by the admin's browser on its own (same origin), so the
 * admin's password checks escape throttles that others caused.
 */
export const ADMIN_DEVICE_COOKIE = 'admin_device';
const ADMIN_DEVICE_MAX_AGE_S = 180 * 24 * 3600;

/** Cookies get the Secure attribute when the site is served over https (HSTS on, or an https PUBLIC_ORIGIN). */
export function servedOverHttps(config: Pick<Config, 'hsts' | 'publicOrigin'>): boolean {
  return config.hsts || config.publicOrigin.startsWith('https:');
}

/**
 * The second-factor session (docs/decisions/092): the token the admin's
 * browser keeps in this cookie (HttpOnly, SameSite=Strict), or an API client
 * sends in the X-Admin-Session header, with the Basic header as before.
 */
export const ADMIN_SESSION_COOKIE = 'admin_session';
export const ADMIN_SESSION_HEADER = 'x-admin-session';

/** The session token a request carries: the header (API clients) or the cookie (the dashboard). */
export function adminSessionToken(req: FastifyRequest): string | undefined {
  const header = req.headers[ADMIN_SESSION_HEADER];
  return (typeof header === 'string' && header ? header : undefined) ?? req.cookies?.[ADMIN_SESSION_COOKIE];
}

/** The request's client for the admin throttles: its IP, its known-device cookie and its second-factor session. */
export function adminClient(req: FastifyRequest): AdminClient {
  return { ip: clientKey(req), device: req.cookies?.[ADMIN_DEVICE_COOKIE], session: adminSessionToken(req) };
}

/** Keeps a session opened with both factors on the admin's browser, for as long as the session lasts (12 hours). */
export function rememberAdminSession(reply: FastifyReply, token: string, secure: boolean): void {
  void reply.setCookie(ADMIN_SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge: 12 * 3600 });
}

export function forgetAdminSession(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(ADMIN_SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure });
}

/**
 * Sets (or renews) the known-device cookie: HttpOnly (no script reads it),
 * SameSite=Strict (no other site's request carries it), Secure when the site
 * is served over https, for 180 days. Not set again when the request already
 * carried this token, so answers of an open dashboard do not repeat it.
 */
export function rememberAdminDevice(req: FastifyRequest, reply: FastifyReply, deviceToken: string, secure: boolean): void {
  if (req.cookies?.[ADMIN_DEVICE_COOKIE] === deviceToken) return;
  void reply.setCookie(ADMIN_DEVICE_COOKIE, deviceToken, { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge: ADMIN_DEVICE_MAX_AGE_S });
}

/**
 * The one admin guard: reads `Authorization: Basic ...` and asks the
 * AdminAuthService. REST admin routes use it through requireAdmin; the GraphQL
 * context uses it to set isAdmin (and keeps the reason for the auth checker).
 */
export async function checkAdmin(adminAuth: AdminAuthService, authorization: string | undefined, client: string | AdminClient): Promise<AdminCheck> {
  try {
    const { deviceToken } = await adminAuth.authenticateOrThrow(authorization, client);
    return { isAdmin: true, deviceToken };
  } catch (e) {
    if (e instanceof AppError) return { isAdmin: false, adminError: e };
    throw e;
  }
}

/** Fastify preHandler of the calls that complete the second factor: the password only (401 as the spec says, 429). */
export function requireAdminPassword(adminAuth: AdminAuthService, options: { secureCookies: boolean }) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { deviceToken } = await adminAuth.authenticatePasswordOrThrow(req.headers.authorization, adminClient(req));
    rememberAdminDevice(req, reply, deviceToken, options.secureCookies);
  };
}

/** Fastify preHandler: 401 without or with a wrong credential (or no second factor once one is enrolled), 429 while throttled. */
export function requireAdmin(adminAuth: AdminAuthService, options: { secureCookies: boolean }) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const check = await checkAdmin(adminAuth, req.headers.authorization, adminClient(req));
    if (!check.isAdmin) throw check.adminError;
    rememberAdminDevice(req, reply, check.deviceToken, options.secureCookies);
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
