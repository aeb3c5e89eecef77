import { ERRORS, ID_PARAMS, anyJson, arrayOf, body, bool, instant, int, nullable, object, str } from './json-schema';

/** The admin's second factor (issue 26, docs/decisions/091-093): the answers of second-factor.rest.ts. */
const FACTOR = object({ id: str, kind: str, label: str, created_at: instant, last_used_at: nullable(instant) });
const SECURITY = object({ required: bool, factors: arrayOf(FACTOR), recovery_codes_left: int });
const OPENED = object({ success: bool, session_token: str, expires_at: instant });
const ENROLLED = object({ factor: FACTOR, recovery_codes: nullable(arrayOf(str)), session: OPENED });
const SESSION = object({
  id: str,
  factor: str,
  ip: str,
  user_agent: str,
  created_at: instant,
  last_seen_at: instant,
  expires_at: instant,
  ended_at: nullable(instant),
  current: bool,
});
/** WebAuthn options as SimpleWebAuthn makes them (PublicKeyCredential*OptionsJSON): passed to the browser as they are. */
const WEBAUTHN_OPTIONS = { ...anyJson, description: 'PublicKeyCredentialRequestOptionsJSON or PublicKeyCredentialCreationOptionsJSON' };

export const SECOND_FACTOR_ROUTES = {
  logout: { response: { 200: object({ success: bool, session_ended: bool }), ...ERRORS } },
  verifyTotp: { body: body({ code: str }, ['code']), response: { 200: OPENED, ...ERRORS } },
  verifyRecovery: { body: body({ code: str }, ['code']), response: { 200: OPENED, ...ERRORS } },
  passkeyLoginOptions: { response: { 200: WEBAUTHN_OPTIONS, ...ERRORS } },
  verifyPasskey: { body: body({ response: anyJson }, ['response']), response: { 200: OPENED, ...ERRORS } },
  security: { response: { 200: SECURITY, ...ERRORS } },
  startTotp: { body: body({ label: str }, ['label']), response: { 200: object({ factor_id: str, secret: str, uri: str, qr_code: str }), ...ERRORS } },
  confirmTotp: { body: body({ factor_id: str, code: str }, ['factor_id', 'code']), response: { 200: ENROLLED, ...ERRORS } },
  passkeyRegistrationOptions: { response: { 200: WEBAUTHN_OPTIONS, ...ERRORS } },
  registerPasskey: { body: body({ response: anyJson, label: str }, ['response', 'label']), response: { 200: ENROLLED, ...ERRORS } },
  removeFactor: { params: ID_PARAMS, response: { 200: SECURITY, ...ERRORS } },
  recoveryCodes: { response: { 200: object({ codes: arrayOf(str) }), ...ERRORS } },
  sessions: { response: { 200: arrayOf(SESSION), ...ERRORS } },
  endSession: { params: ID_PARAMS, response: { 200: SESSION, ...ERRORS } },
} as const;
