import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { startTestServer, type TestServer } from '../../test/app';
import { DB_KINDS } from '../../test/db';
import { createServices } from '../../composition-root';
import { createLogger } from '../../infrastructure/logger';
import { openDatabase } from '../../infrastructure/db/data-source';
import { MemoryRateLimitStore } from '../../infrastructure/rate-limit';
import { ErrorCode } from '../../infrastructure/errors';
import { ENTITIES } from '../../entities';
import { relyingPartyFrom, SecondFactorService, type EnrolmentResult } from './second-factor.service';
import { totpKeyFrom, TotpSecretBox } from './totp-secret-box';

const RIGHT = `Basic ${Buffer.from('admin:correct-horse-battery', 'utf8').toString('base64')}`;
const IDLE_MS = 30 * 60_000; // ADMIN_SESSION_IDLE_MINUTES' default

const codeAt = (secret: string, at: Date) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at.getTime() });
const hashOf = (code: string) => crypto.createHash('sha256').update(code.toLowerCase().replace(/[^a-z0-9]/g, '')).digest('hex');

let clients = 0;
const client = () => {
  clients += 1;
  return { ip: `10.27.${clients % 250}.9` };
};

/**
 * Issue 26's second factor, finished (docs/decisions/091, 092 amendments, 102): two first
 * enrolments at once make one set of recovery codes; the TOTP secret is encrypted at rest
 * (a wrong key fails closed, an old plain row is sealed at its first read); a session unused
 * for the idle timeout is refused on every instance.
 */
describe.each(DB_KINDS)('the admin second factor, hardened, on %s', (kind) => {
  let s: TestServer;
  let now = new Date('2026-01-15T12:00:00Z');
  const clock = () => new Date(now.getTime());
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock });
  });
  afterAll(() => s?.close());

  const sf = () => s.services.secondFactor;
  const query = <T>(sql: string, params: unknown[] = []) => s.services.db.dataSource.query(sql, params) as Promise<T[]>;
  let secretA = '';
  let secretB = '';
  let factorA = '';

  it('two first enrolments at the same moment: one of them makes the recovery codes, and they are the codes stored', async () => {
    const a = await sf().startTotp('Phone A');
    const b = await sf().startTotp('Phone B');
    secretA = a.secret;
    secretB = b.secret;
    factorA = a.factorId;
    const results = await Promise.allSettled([sf().confirmTotpOrThrow(a.factorId, codeAt(a.secret, now), client()), sf().confirmTotpOrThrow(b.factorId, codeAt(b.secret, now), client())]);
    const enrolled = results.filter((r): r is PromiseFulfilledResult<EnrolmentResult> => r.status === 'fulfilled').map((r) => r.value);
    expect(enrolled).toHaveLength(2); // each authenticator is enrolled
    const shown = enrolled.map((r) => r.recoveryCodes).filter((codes): codes is string[] => codes !== null);
    expect(shown).toHaveLength(1); // one set, never two
    expect(shown[0]).toHaveLength(10);
    // The set shown is the set that works: no code the admin holds was replaced by the other enrolment.
    const stored = (await query<{ code_hash: string }>('SELECT code_hash FROM admin_recovery_codes WHERE used_at IS NULL')).map((r) => r.code_hash).sort();
    expect(stored).toEqual(shown[0]!.map(hashOf).sort());
    const audit = await query<{ detail: string }>("SELECT detail FROM audit_log WHERE action = 'admin.factor_enrolled'");
    expect(audit).toHaveLength(2);
    expect(audit.filter((a) => a.detail.includes('10 recovery codes made'))).toHaveLength(1);
  });

  it('the TOTP secret is stored encrypted: the column never holds the base32 secret, and codes still verify', async () => {
    const rows = await query<{ id: string; totp_secret: string }>("SELECT id, totp_secret FROM admin_factors WHERE kind = 'totp'");
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.totp_secret).toMatch(/^v1\.[A-Za-z0-9_-]{80}$/);
      expect(row.totp_secret).not.toContain(secretA);
      expect(row.totp_secret).not.toContain(secretB);
    }
    advance(30_000);
    await expect(sf().verifyTotpOrThrow(codeAt(secretA, now), client())).resolves.toMatchObject({ token: expect.any(String) });
    await expect(sf().verifyTotpOrThrow(codeAt(secretB, now), client())).resolves.toMatchObject({ token: expect.any(String) });
  });

  it('a wrong key fails closed: no code is accepted, and the refusal uses nothing up', async () => {
    const otherKey = new SecondFactorService(s.services.db, clock, s.services.audit, relyingPartyFrom(s.services.config.publicOrigin), new MemoryRateLimitStore(), {
      totpKey: totpKeyFrom('another booking link secret of 32+ characters'),
    });
    advance(30_000);
    await expect(otherKey.verifyTotpOrThrow(codeAt(secretA, now), client())).rejects.toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
    await expect(sf().verifyTotpOrThrow(codeAt(secretA, now), client())).resolves.toMatchObject({ token: expect.any(String) });
    // The key is BOOKING_LINK_SECRET's, derived for this purpose; a sealed secret opens only for its own factor (the id is authenticated).
    const box = new TotpSecretBox(totpKeyFrom(s.services.config.bookingLinkSecret));
    const [a] = await query<{ totp_secret: string }>('SELECT totp_secret FROM admin_factors WHERE id = ?', [factorA]);
    expect(box.open(factorA, a!.totp_secret)).toBe(secretA);
    expect(() => box.open(crypto.randomUUID(), a!.totp_secret)).toThrow();
    expect(() => new TotpSecretBox(totpKeyFrom('another booking link secret of 32+ characters')).open(factorA, a!.totp_secret)).toThrow();
  });

  it('a secret stored in the clear (before this change) is encrypted at its first read, and still verifies', async () => {
    const [b] = await query<{ id: string }>("SELECT id FROM admin_factors WHERE kind = 'totp'");
    const legacy = new Secret({ size: 20 }).base32;
    await s.services.db.dataSource.query('UPDATE admin_factors SET totp_secret = ? WHERE id = ?', [legacy, b!.id]);
    // The password step of every sign-in reads the factors (which methods complete it): that read seals the secret.
    expect(await sf().methods()).toEqual(['totp', 'recovery']);
    const [row] = await query<{ totp_secret: string }>('SELECT totp_secret FROM admin_factors WHERE id = ?', [b!.id]);
    expect(row!.totp_secret).toMatch(/^v1\./);
    expect(row!.totp_secret).not.toContain(legacy);
    advance(30_000);
    await expect(sf().verifyTotpOrThrow(codeAt(legacy, now), client())).resolves.toMatchObject({ token: expect.any(String) });
    secretB = legacy;
  });

  it('a session unused for the idle timeout is refused with 401 SECOND_FACTOR_REQUIRED, on every instance; one in use stays open', async () => {
    advance(30_000);
    const opened = await sf().verifyTotpOrThrow(codeAt(secretB, now), client());
    const stats = async (token: string) => {
      const res = await fetch(`${s.url}/api/admin/stats`, { headers: { authorization: RIGHT, 'x-admin-session': token, 'x-forwarded-for': '10.28.0.9' } });
      return { status: res.status, code: ((await res.json()) as { code?: string }).code };
    };
    // A second instance: its own services on the same database (on MariaDB its own connection pool), the same clock.
    const otherDb = kind === 'mysql' ? await openDatabase(s.testDb.config, { entities: ENTITIES }) : null;
    const second = createServices(s.services.config, otherDb ?? s.services.db, createLogger('silent'), clock);
    try {
      advance(IDLE_MS - 1_000); // just before the timeout
      expect((await stats(opened.token)).status).toBe(200);
      advance(IDLE_MS - 1_000); // an hour after it opened, but used just under the timeout ago on the first instance
      await expect(second.secondFactor.checkSessionOrThrow(opened.token)).resolves.toMatchObject({ id: opened.session.id });
      expect((await sf().sessions()).map((x) => x.id)).toContain(opened.session.id);
      advance(IDLE_MS + 1_000); // just after
      expect(await stats(opened.token)).toEqual({ status: 401, code: 'SECOND_FACTOR_REQUIRED' });
      await expect(second.secondFactor.checkSessionOrThrow(opened.token)).rejects.toMatchObject({ code: ErrorCode.SECOND_FACTOR_REQUIRED });
      // No longer listed as open either.
      expect((await sf().sessions()).map((x) => x.id)).not.toContain(opened.session.id);
    } finally {
      second.mailer.close();
      await otherDb?.close();
    }
  });
});
