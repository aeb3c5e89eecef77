import { Secret, TOTP } from 'otpauth';
import { startTestServer, type TestServer } from '../../test/app';
import { DB_KINDS } from '../../test/db';
import { SECOND_FACTOR_THROTTLE } from './second-factor.service';
import { createServices } from '../../composition-root';
import { createApp } from '../../transport/app';
import { createLogger } from '../../infrastructure/logger';
import { openDatabase } from '../../infrastructure/db/data-source';
import { ENTITIES } from '../../entities';
import { SoftwarePasskey } from '../../test/software-passkey';

const PASSWORD = 'correct-horse-battery'; // startTestServer's ADMIN_PASSWORD
const RIGHT = `Basic ${Buffer.from(`admin:${PASSWORD}`, 'utf8').toString('base64')}`;
const WRONG = `Basic ${Buffer.from('admin:not-the-password', 'utf8').toString('base64')}`;

let clients = 0;
const newClient = () => {
  clients += 1;
  return { 'x-forwarded-for': `10.26.${clients % 250}.9` };
};

const codeAt = (secret: string, at: Date) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at.getTime() });

describe.each(DB_KINDS)('the admin second factor on %s (issue 26)', (kind) => {
  let s: TestServer;
  let now = new Date('2026-01-15T12:00:00Z');
  const clock = () => now;
  const advance = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock });
  });
  afterAll(() => s?.close());

  const call = async (method: string, path: string, opts: { auth?: string; session?: string; body?: unknown; client?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...(opts.client ?? newClient()) };
    if (opts.auth) headers.authorization = opts.auth;
    if (opts.session) headers['x-admin-session'] = opts.session;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${s.url}/api${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    // The answers' shapes are asserted by the tests themselves (and by the route schemas: contract.ts).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, json: (await res.json()) as Record<string, any>, cookie: res.headers.get('set-cookie') ?? '' };
  };
  const actions = async () => ((await s.services.db.dataSource.query('SELECT action, detail FROM audit_log ORDER BY id')) as Array<{ action: string; detail: string }>);

  let secret = '';
  let recoveryCodes: string[] = [];
  let enrolSession = '';

  it('without a factor enrolled the password alone opens the admin, as the spec says', async () => {
    const login = await call('POST', '/admin/login', { body: { password: PASSWORD } });
    expect(login).toMatchObject({ status: 200, json: { success: true } });
    expect(login.json).toEqual({ success: true }); // the spec's answer, unchanged
    expect((await call('GET', '/admin/stats', { auth: RIGHT })).status).toBe(200);
    expect((await call('GET', '/admin/security', { auth: RIGHT })).json).toEqual({ required: false, factors: [], recovery_codes_left: 0 });
  });

  it('enrols an authenticator app: a wrong first code is a 422 naming the field; the right one enrols it, with ten recovery codes', async () => {
    const bad = await call('POST', '/admin/security/totp', { auth: RIGHT, body: { label: '' } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.json)).toContain('label');
    // The plain-text rule of every free-text field (docs/security.md row 20): no bidi overrides in a factor's name.
    const hidden = await call('POST', '/admin/security/totp', { auth: RIGHT, body: { label: 'Phone\u202e' } });
    expect(hidden.status).toBe(422);
    expect(JSON.stringify(hidden.json)).toContain('label');
    const start = await call('POST', '/admin/security/totp', { auth: RIGHT, body: { label: 'Phone' } });
    expect(start.status).toBe(200);
    expect(start.json.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(start.json.uri).toMatch(/^otpauth:\/\/totp\//);
    secret = start.json.secret;

    const wrongFormat = await call('POST', '/admin/security/totp/confirm', { auth: RIGHT, body: { factor_id: start.json.factor_id, code: '12ab' } });
    expect(wrongFormat.status).toBe(422);
    expect(JSON.stringify(wrongFormat.json)).toContain('code');
    const wrongCode = String((Number(codeAt(secret, now)) + 1) % 1_000_000).padStart(6, '0');
    expect((await call('POST', '/admin/security/totp/confirm', { auth: RIGHT, body: { factor_id: start.json.factor_id, code: wrongCode } })).status).toBe(422);

    const ok = await call('POST', '/admin/security/totp/confirm', { auth: RIGHT, body: { factor_id: start.json.factor_id, code: codeAt(secret, now) } });
    expect(ok.status).toBe(200);
    expect(ok.json.recovery_codes).toHaveLength(10);
    expect(ok.cookie).toMatch(/admin_session=[^;]+;.*HttpOnly/i);
    recoveryCodes = ok.json.recovery_codes;
    enrolSession = ok.json.session.session_token;
    expect((await call('GET', '/admin/stats', { auth: RIGHT, session: enrolSession })).status).toBe(200);
    expect((await actions()).map((a) => a.action)).toContain('admin.factor_enrolled');
  });

  it('once enrolled, the password alone opens nothing (401 SECOND_FACTOR_REQUIRED); the first factor\'s own 401 is unchanged', async () => {
    const stats = await call('GET', '/admin/stats', { auth: RIGHT });
    expect(stats.status).toBe(401);
    expect(stats.json.code).toBe('SECOND_FACTOR_REQUIRED');
    expect(stats.json.detail).toMatch(/second factor is required/);
    // No credential, a wrong one: exactly as before.
    expect(await call('GET', '/admin/stats')).toMatchObject({ status: 401, json: { code: 'UNAUTHENTICATED' } });
    expect(await call('GET', '/admin/stats', { auth: WRONG, session: enrolSession })).toMatchObject({ status: 401, json: { code: 'UNAUTHENTICATED' } });
    expect(await call('POST', '/admin/login', { body: { password: 'nope' } })).toMatchObject({ status: 401, json: { success: false, detail: 'Invalid password' } });
    // A session token without the password is nothing either.
    expect((await call('GET', '/admin/stats', { session: enrolSession })).status).toBe(401);
    // GraphQL says the same.
    const gql = await s.gql('query { adminStats { totalBookings } }', {}, { authorization: RIGHT });
    expect(gql.errors?.[0].extensions?.code).toBe('SECOND_FACTOR_REQUIRED');
    const login = await call('POST', '/admin/login', { body: { password: PASSWORD } });
    expect(login.json).toEqual({ success: true, second_factor_required: true, second_factor_methods: ['totp', 'recovery'] });
  });

  it('a TOTP code completes the sign-in once: the same code again is refused (replay), the next one works', async () => {
    // The code that confirmed the enrolment (same time step) is used up.
    expect((await call('POST', '/admin/second-factor/totp', { auth: RIGHT, body: { code: codeAt(secret, now) } })).status).toBe(401);
    advance(30);
    const code = codeAt(secret, now);
    // The second factor needs the first: no password, no check.
    expect((await call('POST', '/admin/second-factor/totp', { body: { code } })).status).toBe(401);
    const ok = await call('POST', '/admin/second-factor/totp', { auth: RIGHT, body: { code } });
    expect(ok.status).toBe(200);
    expect((await call('GET', '/admin/bookings', { auth: RIGHT, session: ok.json.session_token })).status).toBe(200);
    const replay = await call('POST', '/admin/second-factor/totp', { auth: RIGHT, body: { code } });
    expect(replay).toMatchObject({ status: 401, json: { detail: 'Invalid authenticator code' } });
    // The next code sent twice at the same moment: one session, one refusal (compare-and-set on the step).
    advance(30);
    const next = codeAt(secret, now);
    const both = await Promise.all([1, 2].map(() => call('POST', '/admin/second-factor/totp', { auth: RIGHT, body: { code: next } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
    // Over GraphQL: the input is checked (field named), then the code.
    const bad = await s.gql('mutation($input: TotpCodeInput!) { adminVerifyTotp(input: $input) { sessionToken } }', { input: { code: 'abc' } }, { authorization: RIGHT, ...newClient() });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(bad.errors)).toContain('code');
    advance(30);
    const viaGql = await s.gql<{ adminVerifyTotp: { sessionToken: string } }>('mutation($input: TotpCodeInput!) { adminVerifyTotp(input: $input) { sessionToken } }', { input: { code: codeAt(secret, now) } }, { authorization: RIGHT, ...newClient() });
    expect(viaGql.data?.adminVerifyTotp.sessionToken).toEqual(expect.any(String));
    const audit = await actions();
    expect(audit.filter((a) => a.action === 'admin.second_factor_failed').length).toBeGreaterThanOrEqual(2);
    expect(audit.filter((a) => a.action === 'admin.second_factor_succeeded').map((a) => a.detail)).toEqual(expect.arrayContaining([expect.stringContaining('authenticator code "Phone"')]));
  });

  it('a recovery code works once, even for two requests at the same moment', async () => {
    const code = recoveryCodes[0].toUpperCase(); // typed in capitals: still the code
    const both = await Promise.all([1, 2].map(() => call('POST', '/admin/second-factor/recovery', { auth: RIGHT, body: { code } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
    expect((await call('POST', '/admin/second-factor/recovery', { auth: RIGHT, body: { code: recoveryCodes[0] } })).status).toBe(401);
    expect((await call('GET', '/admin/security', { auth: RIGHT, session: enrolSession })).json.recovery_codes_left).toBe(9);
  });

  it('sessions are listed and ended; an ended session is refused at once', async () => {
    advance(30);
    const opened = await call('POST', '/admin/second-factor/totp', { auth: RIGHT, body: { code: codeAt(secret, now) } });
    const token = opened.json.session_token as string;
    const list = await call('GET', '/admin/sessions', { auth: RIGHT, session: enrolSession });
    expect(list.status).toBe(200);
    // Tokens are kept as hashes: no list shows one.
    expect(JSON.stringify(list.json)).not.toContain(token);
    expect(JSON.stringify(await s.services.db.dataSource.query('SELECT * FROM admin_sessions'))).not.toContain(token);
    const mine = (list.json as unknown as Array<Record<string, unknown>>).find((x) => x.current === true);
    expect(mine?.factor).toBe('totp');
    const other = (list.json as unknown as Array<Record<string, unknown>>).find((x) => x.current === false && x.created_at === now.toISOString());
    expect(other).toBeDefined();
    // A second instance (its own services and app, the same database; on MariaDB its own connection pool).
    const otherDb = kind === 'mysql' ? await openDatabase(s.testDb.config, { entities: ENTITIES }) : null;
    const secondServices = createServices(s.services.config, otherDb ?? s.services.db, createLogger('silent'), clock);
    const second = await createApp(secondServices);
    try {
      const server = await second.listen(0, '127.0.0.1');
      const secondUrl = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
      const onSecond = async () => (await fetch(`${secondUrl}/api/admin/stats`, { headers: { authorization: RIGHT, 'x-admin-session': token } })).status;
      expect((await call('GET', '/admin/stats', { auth: RIGHT, session: token })).status).toBe(200);
      expect(await onSecond()).toBe(200);
      expect((await call('DELETE', `/admin/sessions/${String(other!.id)}`, { auth: RIGHT, session: enrolSession })).status).toBe(200);
      const refused = await call('GET', '/admin/stats', { auth: RIGHT, session: token });
      expect(refused).toMatchObject({ status: 401, json: { code: 'SECOND_FACTOR_REQUIRED' } });
      // Refused at once on the other instance too: it reads the same row, no cache.
      expect(await onSecond()).toBe(401);
    } finally {
      await second.stop();
      secondServices.mailer.close();
      await otherDb?.close();
    }
    expect((await call('DELETE', '/admin/sessions/not-an-id', { auth: RIGHT, session: enrolSession })).status).toBe(422);
    expect((await actions()).map((a) => a.action)).toContain('admin.session_ended');
    // Logout ends the session it carries.
    const logout = await call('POST', '/admin/logout', { session: token });
    expect(logout.json.session_ended).toBe(false); // ended already
  });

  it('throttles wrong second-factor attempts per client (429 after the free ones)', async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < SECOND_FACTOR_THROTTLE.freeFailures + 2; i++) {
      statuses.push((await call('POST', '/admin/second-factor/totp', { auth: RIGHT, body: { code: '000000' }, client })).status);
    }
    expect(statuses.slice(0, SECOND_FACTOR_THROTTLE.freeFailures)).toEqual(Array(SECOND_FACTOR_THROTTLE.freeFailures).fill(401));
    expect(statuses).toContain(429);
  });

  it('removing the last factor lets the password alone in again, recovery codes gone', async () => {
    advance(60);
    const security = await call('GET', '/admin/security', { auth: RIGHT, session: enrolSession });
    const id = security.json.factors[0].id as string;
    expect((await call('DELETE', `/admin/security/factors/${id}`, { auth: RIGHT, session: enrolSession })).json).toEqual({ required: false, factors: [], recovery_codes_left: 0 });
    expect((await call('GET', '/admin/stats', { auth: RIGHT })).status).toBe(200);
    expect((await actions()).map((a) => a.action)).toContain('admin.factor_removed');
  });
  it('enrols a passkey and signs in with it (SimpleWebAuthn verifying a software authenticator); an answer is not accepted twice, nor from another origin', async () => {
    const origin = s.services.config.publicOrigin;
    const key = new SoftwarePasskey(origin);
    const regOptions = await call('POST', '/admin/security/passkey/options', { auth: RIGHT });
    expect(regOptions.status).toBe(200);
    expect(regOptions.json.rp).toEqual({ id: new URL(origin).hostname, name: expect.any(String) });
    expect((await call('POST', '/admin/security/passkey', { auth: RIGHT, body: { response: 'not json', label: 'Laptop' } })).status).toBe(422);
    const enrolled = await call('POST', '/admin/security/passkey', { auth: RIGHT, body: { response: key.register(regOptions.json as { challenge: string }), label: 'Laptop' } });
    expect(enrolled.status).toBe(200);
    expect(enrolled.json.factor).toMatchObject({ kind: 'passkey', label: 'Laptop' });
    expect(enrolled.json.recovery_codes).toHaveLength(10); // the first factor again
    expect((await call('GET', '/admin/stats', { auth: RIGHT })).json.code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await call('POST', '/admin/login', { body: { password: PASSWORD } })).json.second_factor_methods).toEqual(['passkey', 'recovery']);

    const options = await call('POST', '/admin/second-factor/passkey/options', { auth: RIGHT });
    expect(options.json.allowCredentials).toEqual([expect.objectContaining({ id: key.credentialId.toString('base64url') })]);
    const answer = key.authenticate(options.json as { challenge: string });
    const ok = await call('POST', '/admin/second-factor/passkey', { auth: RIGHT, body: { response: answer } });
    expect(ok.status).toBe(200);
    expect((await call('GET', '/admin/stats', { auth: RIGHT, session: ok.json.session_token })).status).toBe(200);
    // The same answer again: its challenge is used up.
    expect((await call('POST', '/admin/second-factor/passkey', { auth: RIGHT, body: { response: answer } })).status).toBe(401);
    // An answer made for another origin (a phishing site) is refused.
    const phished = new SoftwarePasskey('https://wild-light.example.net');
    const other = await call('POST', '/admin/second-factor/passkey/options', { auth: RIGHT });
    expect((await call('POST', '/admin/second-factor/passkey', { auth: RIGHT, body: { response: phished.authenticate(other.json as { challenge: string }) } })).status).toBe(401);
    // Over GraphQL: the options as JSON, the answer as JSON text.
    const gqlOptions = await s.gql<{ adminPasskeyLoginOptions: string }>('mutation { adminPasskeyLoginOptions }', {}, { authorization: RIGHT, ...newClient() });
    const viaGql = await s.gql<{ adminVerifyPasskey: { sessionToken: string } }>(
      'mutation($input: PasskeyResponseInput!) { adminVerifyPasskey(input: $input) { sessionToken } }',
      { input: { response: JSON.stringify(key.authenticate(JSON.parse(gqlOptions.data!.adminPasskeyLoginOptions) as { challenge: string })) } },
      { authorization: RIGHT, ...newClient() },
    );
    expect(viaGql.data?.adminVerifyPasskey.sessionToken).toEqual(expect.any(String));
    expect((await actions()).filter((a) => a.action === 'admin.second_factor_succeeded').map((a) => a.detail)).toEqual(expect.arrayContaining([expect.stringContaining('passkey "Laptop"')]));
  });
});
