import { argon2id } from 'hash-wasm';
import { AdminAuthService, ADMIN_GLOBAL_SLOWDOWN, ADMIN_THROTTLE, parseBasicPassword } from './admin-auth.service';
import { formatScryptHash, hashPasswordSync } from '../infrastructure/password-hash';

const PASSWORD = 'correct-horse-battery';
const basic = (password: string, user = 'admin') => `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

const GRANTED = { deviceToken: expect.stringMatching(/^[\w-]{24}\.[\w-]{43}$/) };

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
    await expect(auth.loginOrThrow(PASSWORD, 'a')).resolves.toEqual({ ...GRANTED, secondFactorMethods: [] });
    await expect(auth.loginOrThrow('wrong-password', 'b')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'Invalid password' });
    await expect(auth.authenticateOrThrow(basic(PASSWORD), 'c')).resolves.toEqual(GRANTED);
    await expect(auth.authenticateOrThrow(basic('wrong-password'), 'd')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'Invalid admin credential' });
    await expect(auth.authenticateOrThrow(undefined, 'e')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'Admin authentication required' });
    await expect(auth.authenticateOrThrow('Bearer token', 'f')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('accepts the password of an ADMIN_PASSWORD_HASH', async () => {
    const { auth } = service({ passwordHash: formatScryptHash(hashPasswordSync('hashed-admin-secret')) });
    await expect(auth.loginOrThrow('hashed-admin-secret', 'a')).resolves.toEqual({ ...GRANTED, secondFactorMethods: [] });
    await expect(auth.loginOrThrow(PASSWORD, 'b')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('accepts the password of an argon2 ADMIN_PASSWORD_HASH', async () => {
    const passwordHash = await argon2id({ password: 'argon-admin-secret', salt: Buffer.from('saltsaltsaltsalt'), iterations: 2, parallelism: 1, memorySize: 1024, hashLength: 32, outputType: 'encoded' });
    const { auth } = service({ passwordHash });
    await expect(auth.loginOrThrow('argon-admin-secret', 'a')).resolves.toEqual({ ...GRANTED, secondFactorMethods: [] });
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

  // Issue 21 finding 12: scrypt's HMAC pads a short key with zero bytes, so "password\0" was the password.
  it.each([
    ['ADMIN_PASSWORD', { password: PASSWORD }],
    ['a scrypt ADMIN_PASSWORD_HASH', { passwordHash: formatScryptHash(hashPasswordSync(PASSWORD)) }],
  ])('refuses the password with a trailing NUL or another control character (%s), over login and Basic', async (_name, admin) => {
    const { auth } = service(admin);
    for (const [i, candidate] of [`${PASSWORD}\u0000`, `${PASSWORD}\u0000\u0000`, `${PASSWORD}\u0001`, `${PASSWORD}\u007f`, `${PASSWORD}\u0085`].entries()) {
      await expect(auth.loginOrThrow(candidate, `nul-${i}`)).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'Invalid password' });
      await expect(auth.authenticateOrThrow(basic(candidate), `nul-basic-${i}`)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    await expect(auth.loginOrThrow(PASSWORD, 'nul-ok')).resolves.toEqual({ ...GRANTED, secondFactorMethods: [] });
  });

  it('refuses to start with a configured password holding a control character', () => {
    expect(() => service({ password: `${PASSWORD}\u0001` })).toThrow(/control characters/);
  });

  it('throttles failures per client with a growing wait, capped at a minute', async () => {
    const { auth, advance } = service();
    // The free failures.
    for (let i = 0; i < ADMIN_THROTTLE.freeFailures; i++) await expect(auth.loginOrThrow('guess', 'attacker')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    // Then a wait that doubles (1 s, 2 s, 4 s...). An attempt within the wait is refused unchecked, even
    // with the right password, and counts: its Retry-After (here 2 s) is the wait it starts.
    await expect(auth.loginOrThrow(PASSWORD, 'attacker')).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 2 });
    // Another client is not affected.
    await expect(auth.loginOrThrow(PASSWORD, 'admin-laptop')).resolves.toEqual({ ...GRANTED, secondFactorMethods: [] });

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
    await expect(auth.authenticateOrThrow(basic(PASSWORD), 'office')).resolves.toEqual(GRANTED);
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
    await expect(auth.authenticateOrThrow(basic(PASSWORD), 'x')).resolves.toEqual(GRANTED);
  });
});

describe('AdminAuthService: known devices and the global slow-down (finding 6)', () => {
  it('a known device gets through a throttle its IP is under, and is throttled by its own failures only', async () => {
    const { auth } = service();
    const { deviceToken } = await auth.loginOrThrow(PASSWORD, 'office');
    // Someone behind the same address guesses until the address is throttled.
    for (let i = 0; i <= ADMIN_THROTTLE.freeFailures; i++) await auth.loginOrThrow('guess', 'office').catch(() => undefined);
    await expect(auth.loginOrThrow(PASSWORD, 'office')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // The admin's browser carries its device token: not kept out, by login or by Basic.
    await expect(auth.loginOrThrow(PASSWORD, { ip: 'office', device: deviceToken })).resolves.toEqual({ deviceToken, secondFactorMethods: [] });
    await expect(auth.authenticateOrThrow(basic(PASSWORD), { ip: 'office', device: deviceToken })).resolves.toEqual({ deviceToken });
    // The device's own failures do throttle it (a stolen device token is no free pass to guess).
    for (let i = 0; i < ADMIN_THROTTLE.freeFailures; i++) {
      await expect(auth.loginOrThrow('typo', { ip: 'elsewhere', device: deviceToken })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    await expect(auth.loginOrThrow(PASSWORD, { ip: 'elsewhere', device: deviceToken })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // ...and not the IP it came from.
    await expect(auth.loginOrThrow(PASSWORD, 'elsewhere')).resolves.toEqual({ ...GRANTED, secondFactorMethods: [] });
  });

  it('only tokens signed for this password count: forged, altered or another password\'s tokens are no device', async () => {
    const { auth } = service();
    const other = service({ password: 'another-password-entirely' }).auth;
    const { deviceToken: otherToken } = await other.loginOrThrow('another-password-entirely', 'x');
    const { deviceToken } = await auth.loginOrThrow(PASSWORD, 'x');
    const altered = `${deviceToken.slice(0, 5)}${deviceToken[5] === 'A' ? 'B' : 'A'}${deviceToken.slice(6)}`;
    for (let i = 0; i <= ADMIN_THROTTLE.freeFailures; i++) await auth.loginOrThrow('guess', 'shared').catch(() => undefined);
    for (const device of [otherToken, altered, 'x'.repeat(24) + '.' + 'y'.repeat(43), 'garbage']) {
      await expect(auth.loginOrThrow(PASSWORD, { ip: 'shared', device })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    }
    // A second instance with the same password accepts the token (the key is derived from the password).
    const twin = service().auth;
    for (let i = 0; i <= ADMIN_THROTTLE.freeFailures; i++) await twin.loginOrThrow('guess', 'shared').catch(() => undefined);
    await expect(twin.loginOrThrow(PASSWORD, { ip: 'shared', device: deviceToken })).resolves.toEqual({ deviceToken, secondFactorMethods: [] });
  });

  it('an ADMIN_PASSWORD_HASH signs devices too, and a new hash revokes them', async () => {
    const hash = formatScryptHash(hashPasswordSync('hashed-admin-secret'));
    const { auth } = service({ passwordHash: hash });
    const { deviceToken } = await auth.loginOrThrow('hashed-admin-secret', 'a');
    const same = service({ passwordHash: hash }).auth;
    const rehashed = service({ passwordHash: formatScryptHash(hashPasswordSync('hashed-admin-secret')) }).auth;
    for (const a of [same, rehashed]) for (let i = 0; i <= ADMIN_THROTTLE.freeFailures; i++) await a.loginOrThrow('guess', 'ip').catch(() => undefined);
    await expect(same.loginOrThrow('hashed-admin-secret', { ip: 'ip', device: deviceToken })).resolves.toEqual({ deviceToken, secondFactorMethods: [] });
    await expect(rehashed.loginOrThrow('hashed-admin-secret', { ip: 'ip', device: deviceToken })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('guesses from ever new IPs are slowed to one per interval for all unknown clients; known devices pass', async () => {
    const { auth, advance } = service();
    const { deviceToken } = await auth.loginOrThrow(PASSWORD, 'admin-home');
    let ip = 0;
    const fromNewIp = (password: string) => auth.loginOrThrow(password, `198.51.100.${++ip}`);
    for (let i = 0; i < ADMIN_GLOBAL_SLOWDOWN.failures; i++) await expect(fromNewIp(`guess-${i}`)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    advance(ADMIN_GLOBAL_SLOWDOWN.intervalMs); // the start of an interval
    // One check in this interval, whoever asks; the rest wait for the next one.
    await expect(fromNewIp('guess-a')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const refused = await fromNewIp('guess-b').catch((e) => e);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Too many failed admin sign-in attempts on this site') });
    expect(refused.retryAfterSeconds).toBe(ADMIN_GLOBAL_SLOWDOWN.intervalMs / 1000);
    await expect(fromNewIp(PASSWORD)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // The admin's known device is not slowed.
    await expect(auth.loginOrThrow(PASSWORD, { ip: `198.51.100.${++ip}`, device: deviceToken })).resolves.toEqual({ deviceToken, secondFactorMethods: [] });
    // A slow-down, not a lock: hammering does not extend it, the next interval has its check.
    for (let i = 0; i < 20; i++) await fromNewIp('hammer').catch(() => undefined);
    advance(ADMIN_GLOBAL_SLOWDOWN.intervalMs);
    await expect(fromNewIp(PASSWORD)).resolves.toEqual({ ...GRANTED, secondFactorMethods: [] });
    await expect(fromNewIp(PASSWORD)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // Once the failures are older than the window, checks are free again.
    advance(ADMIN_GLOBAL_SLOWDOWN.windowMs);
    await expect(fromNewIp(PASSWORD)).resolves.toEqual({ ...GRANTED, secondFactorMethods: [] });
    await expect(fromNewIp(PASSWORD)).resolves.toEqual({ ...GRANTED, secondFactorMethods: [] });
  });
});
