import { argon2id } from 'hash-wasm';
import { AdminAuthService, ADMIN_THROTTLE, parseBasicPassword } from './admin-auth.service';
import { formatScryptHash, hashPasswordSync } from '../infrastructure/password-hash';

const PASSWORD = 'correct-horse-battery';
const basic = (password: string, user = 'admin') => `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

function service(admin: { password?: string; passwordHash?: string } = { password: PASSWORD }) {
  let now = Date.parse('2026-03-01T09:00:00Z');
  const auth = new AdminAuthService({ generated: false, ...admin }, () => new Date(now));
  return { auth, advance: (ms: number) => (now += ms) };
}

describe('parseBasicPassword', () => {
  it('reads the password part of a Basic header (which may contain colons and any Unicode)', () => {
    expect(parseBasicPassword(basic('s3cret:with:colons'))).toBe('s3cret:with:colons');
    expect(parseBasicPassword(basic('mot-de-passe-été'))).toBe('mot-de-passe-été');
    expect(parseBasicPassword(`basic ${Buffer.from('admin:x').toString('base64')}`)).toBe('x');
  });

  it('is null for anything else', () => {
    for (const h of ['Bearer abc', 'Basic', 'Basic !!!', `Basic ${Buffer.from('no-colon').toString('base64')}`, 'Digest username="admin"']) {
      expect(parseBasicPassword(h)).toBeNull();
    }
  });
});

describe('AdminAuthService', () => {
  it('accepts the password from ADMIN_PASSWORD (hashed at start-up) and refuses others', async () => {
    const { auth } = service();
    await expect(auth.loginOrThrow(PASSWORD, 'a')).resolves.toBeUndefined();
    await expect(auth.loginOrThrow('wrong-password', 'b')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'Invalid password' });
    await expect(auth.authenticateOrThrow(basic(PASSWORD), 'c')).resolves.toBeUndefined();
    await expect(auth.authenticateOrThrow(basic('wrong-password'), 'd')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'Invalid admin credential' });
    await expect(auth.authenticateOrThrow(undefined, 'e')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'Admin authentication required' });
    await expect(auth.authenticateOrThrow('Bearer token', 'f')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('accepts the password of an ADMIN_PASSWORD_HASH', async () => {
    const { auth } = service({ passwordHash: formatScryptHash(hashPasswordSync('hashed-admin-secret')) });
    await expect(auth.loginOrThrow('hashed-admin-secret', 'a')).resolves.toBeUndefined();
    await expect(auth.loginOrThrow(PASSWORD, 'b')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('accepts the password of an argon2 ADMIN_PASSWORD_HASH', async () => {
    const passwordHash = await argon2id({ password: 'argon-admin-secret', salt: Buffer.from('saltsaltsaltsalt'), iterations: 2, parallelism: 1, memorySize: 1024, hashLength: 32, outputType: 'encoded' });
    const { auth } = service({ passwordHash });
    await expect(auth.loginOrThrow('argon-admin-secret', 'a')).resolves.toBeUndefined();
    await expect(auth.loginOrThrow('argon-admin-secreT', 'b')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses to start without a password or with a malformed hash', () => {
    expect(() => service({})).toThrow(/No admin password/);
    expect(() => service({ passwordHash: 'scrypt$abc' })).toThrow(/ADMIN_PASSWORD_HASH/);
  });

  it('refuses empty and absurdly long passwords without hashing them', async () => {
    const { auth } = service();
    await expect(auth.loginOrThrow('', 'a')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(auth.loginOrThrow('x'.repeat(5000), 'b')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('throttles failures per client with a growing wait, capped at a minute', async () => {
    const { auth, advance } = service();
    // The free failures.
    for (let i = 0; i < ADMIN_THROTTLE.freeFailures; i++) await expect(auth.loginOrThrow('guess', 'attacker')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    // Then a wait that doubles (1 s, 2 s, 4 s...). An attempt within the wait is refused unchecked, even
    // with the right password, and counts: its Retry-After (here 2 s) is the wait it starts.
    await expect(auth.loginOrThrow(PASSWORD, 'attacker')).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 2 });
    // Another client is not affected.
    await expect(auth.loginOrThrow(PASSWORD, 'admin-laptop')).resolves.toBeUndefined();

    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await auth.loginOrThrow('guess', 'attacker').catch((e) => e);
      expect(refused).toMatchObject({ code: 'RATE_LIMITED' });
      waits.push(refused.retryAfterSeconds);
      advance(refused.retryAfterSeconds * 1000);
      await expect(auth.loginOrThrow('guess', 'attacker')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    // Each refused attempt counts too, so the waits double two steps at a time, up to 60 s.
    expect(waits.slice(0, 3)).toEqual([4, 16, 60]);
    expect(Math.max(...waits)).toBe(60);
    expect(waits.slice(-2)).toEqual([60, 60]);
  });

  it('never keeps the real admin out for long: after the wait the right password works and resets the count', async () => {
    const { auth, advance } = service();
    for (let i = 0; i < 30; i++) {
      await auth.loginOrThrow('typo', 'office').catch(() => undefined);
      advance(100);
    }
    const refused = await auth.authenticateOrThrow(basic(PASSWORD), 'office').catch((e) => e);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    advance(refused.retryAfterSeconds * 1000);
    await expect(auth.authenticateOrThrow(basic(PASSWORD), 'office')).resolves.toBeUndefined();
    // The success forgot the failures: the free ones again.
    for (let i = 0; i < ADMIN_THROTTLE.freeFailures; i++) await expect(auth.loginOrThrow('typo', 'office')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('forgets failures after the window', async () => {
    const { auth, advance } = service();
    for (let i = 0; i < ADMIN_THROTTLE.freeFailures + 2; i++) await auth.loginOrThrow('typo', 'c').catch(() => undefined);
    advance(ADMIN_THROTTLE.windowMs + 1);
    for (let i = 0; i < ADMIN_THROTTLE.freeFailures; i++) await expect(auth.loginOrThrow('typo', 'c')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('throttles a burst of parallel guesses like a sequence', async () => {
    const { auth } = service();
    const results = await Promise.allSettled(Array.from({ length: ADMIN_THROTTLE.freeFailures + 7 }, () => auth.loginOrThrow('guess', 'burst')));
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'OK'));
    expect(codes.filter((c) => c === 'UNAUTHENTICATED')).toHaveLength(ADMIN_THROTTLE.freeFailures);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(7);
  });

  it('missing credentials do not count as failures', async () => {
    const { auth } = service();
    for (let i = 0; i < 10; i++) await expect(auth.authenticateOrThrow(undefined, 'x')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(auth.authenticateOrThrow(basic(PASSWORD), 'x')).resolves.toBeUndefined();
  });
});
