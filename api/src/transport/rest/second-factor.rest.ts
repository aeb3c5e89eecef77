import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { EnrolmentResult, FactorView, OpenedSession, SecondFactorService, SecurityOverview } from '../../admin/second-factor/second-factor.service';
import { sessionHash } from '../../admin/second-factor/second-factor.service';
import type { AdminSession } from '../../admin/second-factor/second-factor.entities';
import { ConfirmTotpInput, FactorLabelInput, PasskeyResponseInput, RecoveryCodeInput, RegisterPasskeyInput, SecondFactorIdInput, TotpCodeInput } from '../../admin/second-factor/second-factor.input';
import { SECOND_FACTOR_ROUTES } from './schemas/second-factor';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { snakeBodyToCamel } from '../../infrastructure/case';
import { clientKey } from '../../infrastructure/rate-limit';
import { adminSessionToken, forgetAdminSession, refuseCrossSite, rememberAdminSession, requireAdmin, requireAdminPassword } from '../admin-guard';

export interface SecondFactorRouteDeps {
  adminAuth: AdminAuthService;
  secondFactor: SecondFactorService;
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

type IdPath = { Params: { id: string } };

const factorJson = (f: FactorView) => ({ id: f.id, kind: f.kind, label: f.label, created_at: f.createdAt.toISOString(), last_used_at: f.lastUsedAt?.toISOString() ?? null });
const securityJson = (s: SecurityOverview) => ({ required: s.required, factors: s.factors.map(factorJson), recovery_codes_left: s.recoveryCodesLeft });
const sessionJson = (s: AdminSession, current: string | undefined) => ({
  id: s.id,
  factor: s.factor,
  ip: s.ip,
  user_agent: s.userAgent,
  created_at: s.createdAt.toISOString(),
  last_seen_at: s.lastSeenAt.toISOString(),
  expires_at: s.expiresAt.toISOString(),
  ended_at: s.endedAt?.toISOString() ?? null,
  current: current !== undefined && sessionHash(current) === s.tokenHash,
});
const body = (req: FastifyRequest) => snakeBodyToCamel(req.body) as Record<string, unknown>;
const client = (req: FastifyRequest) => ({ ip: clientKey(req), userAgent: req.headers['user-agent'] });

/**
 * The admin's second factor over REST (issue 26, docs/decisions/091-093), under /api/admin:
 * /second-factor/* completes a sign-in with the password (Basic header) only; /security/* and
 * /sessions need both factors once one is enrolled. A session opened here is set as the
 * admin_session cookie and answered as session_token (API clients send it as X-Admin-Session).
 */
export function secondFactorRoutes(deps: SecondFactorRouteDeps): FastifyPluginAsync {
  const { secondFactor } = deps;
  const opened = (reply: FastifyReply, o: OpenedSession) => {
    rememberAdminSession(reply, o.token, deps.secureCookies);
    return { success: true, session_token: o.token, expires_at: o.session.expiresAt.toISOString() };
  };
  const enrolled = (reply: FastifyReply, r: EnrolmentResult) => ({ factor: factorJson(r.factor), recovery_codes: r.recoveryCodes, session: opened(reply, r.opened) });
  return async (app) => {
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));

    // Logout: ends the session the request carries; no credential needed (the token is the proof).
    app.post('/logout', { schema: SECOND_FACTOR_ROUTES.logout }, async (req, reply) => {
      const ended = await secondFactor.endSessionByToken(adminSessionToken(req));
      forgetAdminSession(reply, deps.secureCookies);
      return { success: true, session_ended: ended };
    });

    await app.register(async (password) => {
      password.addHook('preHandler', requireAdminPassword(deps.adminAuth, { secureCookies: deps.secureCookies }));
      password.post('/second-factor/totp', { schema: SECOND_FACTOR_ROUTES.verifyTotp }, async (req, reply) => {
        const input = await validateInputOrThrow(TotpCodeInput, { code: body(req).code });
        return opened(reply, await secondFactor.verifyTotpOrThrow(input.code, client(req)));
      });
      password.post('/second-factor/recovery', { schema: SECOND_FACTOR_ROUTES.verifyRecovery }, async (req, reply) => {
        const input = await validateInputOrThrow(RecoveryCodeInput, { code: body(req).code });
        return opened(reply, await secondFactor.verifyRecoveryCodeOrThrow(input.code, client(req)));
      });
      password.post('/second-factor/passkey/options', { schema: SECOND_FACTOR_ROUTES.passkeyLoginOptions }, async () => secondFactor.passkeyLoginOptions());
      password.post('/second-factor/passkey', { schema: SECOND_FACTOR_ROUTES.verifyPasskey }, async (req, reply) => {
        const raw = body(req).response;
        const input = await validateInputOrThrow(PasskeyResponseInput, { response: typeof raw === 'object' && raw !== null ? JSON.stringify(raw) : raw });
        return opened(reply, await secondFactor.verifyPasskeyOrThrow(input.response, client(req)));
      });
    });

    await app.register(async (guarded) => {
      guarded.addHook('preHandler', requireAdmin(deps.adminAuth, { secureCookies: deps.secureCookies }));
      guarded.get('/security', { schema: SECOND_FACTOR_ROUTES.security }, async () => securityJson(await secondFactor.overview()));
      guarded.post('/security/totp', { schema: SECOND_FACTOR_ROUTES.startTotp }, async (req) => {
        const input = await validateInputOrThrow(FactorLabelInput, { label: body(req).label });
        const e = await secondFactor.startTotp(input.label);
        return { factor_id: e.factorId, secret: e.secret, uri: e.uri, qr_code: e.qrCode };
      });
      guarded.post('/security/totp/confirm', { schema: SECOND_FACTOR_ROUTES.confirmTotp }, async (req, reply) => {
        const b = body(req);
        const input = await validateInputOrThrow(ConfirmTotpInput, { factorId: b.factorId, code: b.code });
        return enrolled(reply, await secondFactor.confirmTotpOrThrow(input.factorId, input.code, client(req)));
      });
      guarded.post('/security/passkey/options', { schema: SECOND_FACTOR_ROUTES.passkeyRegistrationOptions }, async () => secondFactor.passkeyRegistrationOptions());
      guarded.post('/security/passkey', { schema: SECOND_FACTOR_ROUTES.registerPasskey }, async (req, reply) => {
        const b = body(req);
        const input = await validateInputOrThrow(RegisterPasskeyInput, { response: typeof b.response === 'object' && b.response !== null ? JSON.stringify(b.response) : b.response, label: b.label });
        return enrolled(reply, await secondFactor.registerPasskeyOrThrow(input.response, input.label, client(req)));
      });
      guarded.delete<IdPath>('/security/factors/:id', { schema: SECOND_FACTOR_ROUTES.removeFactor }, async (req) => {
        const input = await validateInputOrThrow(SecondFactorIdInput, { id: req.params.id });
        return securityJson(await secondFactor.removeFactorOrThrow(input.id));
      });
      guarded.post('/security/recovery-codes', { schema: SECOND_FACTOR_ROUTES.recoveryCodes }, async () => ({ codes: await secondFactor.newRecoveryCodesOrThrow() }));
      guarded.get('/sessions', { schema: SECOND_FACTOR_ROUTES.sessions }, async (req) => (await secondFactor.sessions()).map((s) => sessionJson(s, adminSessionToken(req))));
      guarded.delete<IdPath>('/sessions/:id', { schema: SECOND_FACTOR_ROUTES.endSession }, async (req) => {
        const input = await validateInputOrThrow(SecondFactorIdInput, { id: req.params.id });
        return sessionJson(await secondFactor.endSessionOrThrow(input.id), adminSessionToken(req));
      });
    });
  };
}
