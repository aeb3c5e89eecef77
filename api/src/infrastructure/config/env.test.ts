import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, ENV_VAR_NAMES, loadConfig } from './env';
import { formatScryptHash, hashPasswordSync } from '../password-hash';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'env-test-'));

const SECRET = 'x'.repeat(32);
/** The two signing secrets production requires (docs/security.md #39). */
const SECRETS = { ALTCHA_HMAC_SECRET: SECRET, BOOKING_LINK_SECRET: 'y'.repeat(32) };

describe('loadConfig', () => {
  it('defaults to development on the embedded database at data/app.db, port 3000', () => {
    const c = loadConfig({}, { dataDir: tmp() });
    expect(c).toMatchObject({ env: 'development', port: 3000, database: { kind: 'sqlite', file: 'data/app.db' } });
  });

  it('parses mysql, mariadb and sqlite URLs', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'mysql://root@127.0.0.1:3306/test' }).database).toEqual({
      kind: 'mysql',
      url: 'mysql://root@127.0.0.1:3306/test',
    });
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'mariadb://u:p@db/x' }).database).toMatchObject({ kind: 'mysql', flavor: 'mariadb' });
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'sqlite:/tmp/x.db' }).database).toEqual({ kind: 'sqlite', file: '/tmp/x.db' });
  });

  it('names every bad variable at once', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ NODE_ENV: 'staging', PORT: 'eighty', DATABASE_URL: 'postgres://x', STRIPE_SECRET_KEY: 'nope' });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = error!.message;
    for (const name of ['NODE_ENV', 'PORT', 'DATABASE_URL', 'STRIPE_SECRET_KEY']) expect(text).toContain(name);
  });

  it('refuses production without PUBLIC_ORIGIN: redirects and links are built from it alone (hardening finding 2)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...SECRETS, ADMIN_PASSWORD: 'a-long-enough-secret' })).toThrow(/PUBLIC_ORIGIN is required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', ...SECRETS, ADMIN_PASSWORD: 'a-long-enough-secret', PUBLIC_ORIGIN: 'https://wild.example' }).publicOrigin).toBe('https://wild.example');
    // Outside production the site's own origin is this server on localhost.
    expect(loadConfig({ NODE_ENV: 'development', PORT: '4010' }).publicOrigin).toBe('http://localhost:4010');
  });

  it('starts with a production PUBLIC_ORIGIN that is an IP address (passkeys need a host name; an authenticator app works there, decision 091)', () => {
    const base = { NODE_ENV: 'production', ...SECRETS, ADMIN_PASSWORD: 'a-long-enough-secret' };
    expect(loadConfig({ ...base, PUBLIC_ORIGIN: 'http://127.0.0.1:3000' }).publicOrigin).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ ...base, PUBLIC_ORIGIN: 'https://wild.example:8443' }).publicOrigin).toBe('https://wild.example:8443');
  });

  it('refuses production without its own random ALTCHA_HMAC_SECRET and BOOKING_LINK_SECRET: nothing public is signed with a key derived from the admin password (issue 21 finding 5)', () => {
    const base = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://wild.example', ADMIN_PASSWORD: 'a-long-enough-secret' };
    const problems = (env: Record<string, string>): string => {
      try {
        loadConfig(env);
      } catch (e) {
        return (e as ConfigError).message;
      }
      return '';
    };
    const neither = problems(base);
    expect(neither).toMatch(/ALTCHA_HMAC_SECRET is required when NODE_ENV=production/);
    expect(neither).toMatch(/BOOKING_LINK_SECRET is required when NODE_ENV=production/);
    expect(neither).toContain('openssl rand -base64 32');
    expect(problems({ ...base, ALTCHA_HMAC_SECRET: SECRET })).toMatch(/BOOKING_LINK_SECRET is required/);
    expect(problems({ ...base, BOOKING_LINK_SECRET: SECRET })).toMatch(/ALTCHA_HMAC_SECRET is required/);
    // With a password hash instead of the password: the same (no derivation from any admin credential).
    const hash = formatScryptHash(hashPasswordSync('a-long-enough-secret'));
    expect(problems({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://wild.example', ADMIN_PASSWORD_HASH: hash })).toMatch(/ALTCHA_HMAC_SECRET is required[\s\S]*BOOKING_LINK_SECRET is required/);
    // One secret for both jobs, or the admin password itself as a secret, is refused too.
    expect(problems({ ...base, ALTCHA_HMAC_SECRET: SECRET, BOOKING_LINK_SECRET: SECRET })).toMatch(/BOOKING_LINK_SECRET must differ from ALTCHA_HMAC_SECRET/);
    const password = 'p'.repeat(40);
    expect(problems({ ...base, ADMIN_PASSWORD: password, ...SECRETS, ALTCHA_HMAC_SECRET: password })).toMatch(/ALTCHA_HMAC_SECRET must not be the admin password/);
    const c = loadConfig({ ...base, ...SECRETS });
    expect(c.altchaHmacSecret).toBe(SECRETS.ALTCHA_HMAC_SECRET);
    expect(c.bookingLinkSecret).toBe(SECRETS.BOOKING_LINK_SECRET);
  });

  it('refuses a short ALTCHA_HMAC_SECRET or BOOKING_LINK_SECRET; outside production generates each once and keeps it (docs/decisions/056, 062)', () => {
    const base = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://wild.example', ADMIN_PASSWORD: 'a-long-enough-secret', ...SECRETS };
    expect(() => loadConfig({ ...base, ALTCHA_HMAC_SECRET: 'short' })).toThrow(/ALTCHA_HMAC_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ ...base, BOOKING_LINK_SECRET: 'short' })).toThrow(/BOOKING_LINK_SECRET must be at least 32 characters/);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altcha-secret-'));
    const first = loadConfig({ NODE_ENV: 'development', ADMIN_PASSWORD: 'a-long-enough-secret' }, { dataDir });
    expect(first.altchaHmacSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.bookingLinkSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.bookingLinkSecret).not.toBe(first.altchaHmacSecret);
    const again = loadConfig({ NODE_ENV: 'development', ADMIN_PASSWORD: 'a-long-enough-secret' }, { dataDir });
    expect([again.altchaHmacSecret, again.bookingLinkSecret]).toEqual([first.altchaHmacSecret, first.bookingLinkSecret]);
    // Not derived from the password: another password, the same kept secrets.
    expect(loadConfig({ NODE_ENV: 'development', ADMIN_PASSWORD: 'another-long-secret' }, { dataDir }).altchaHmacSecret).toBe(first.altchaHmacSecret);
  });

  it('refuses production without an admin password, or with a short one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD .*required/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...SECRETS, PUBLIC_ORIGIN: 'https://wild.example', ADMIN_PASSWORD: 'short' })).toThrow(/at least 12/);
    expect(loadConfig({ NODE_ENV: 'production', ...SECRETS, PUBLIC_ORIGIN: 'https://wild.example', ADMIN_PASSWORD: 'a-long-enough-secret' }).admin.password).toBe('a-long-enough-secret');
  });

  it('accepts an scrypt or argon2 ADMIN_PASSWORD_HASH; refuses other formats, out-of-bounds hashes, and both variables at once', () => {
    const hash = formatScryptHash(hashPasswordSync('a-long-enough-secret'));
    expect(loadConfig({ NODE_ENV: 'production', ...SECRETS, PUBLIC_ORIGIN: 'https://wild.example', ADMIN_PASSWORD_HASH: hash }).admin).toEqual({ password: undefined, passwordHash: hash, generated: false });
    const argon = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY';
    expect(loadConfig({ NODE_ENV: 'production', ...SECRETS, PUBLIC_ORIGIN: 'https://wild.example', ADMIN_PASSWORD_HASH: argon }).admin.passwordHash).toBe(argon);
    for (const bad of ['plain-text-password', '$2b$12$abcdefghijklmnopqrstuv', 'pbkdf2$abc$def']) {
      expect(() => loadConfig({ NODE_ENV: 'production', ...SECRETS, PUBLIC_ORIGIN: 'https://wild.example', ADMIN_PASSWORD_HASH: bad })).toThrow(/ADMIN_PASSWORD_HASH must be an scrypt hash .* or an argon2 hash/);
    }
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD_HASH: 'scrypt$c2FsdA==$a2V5' })).toThrow(/ADMIN_PASSWORD_HASH is out of bounds/);
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD_HASH: argon.replace('m=19456', 'm=41943040') })).toThrow(/ADMIN_PASSWORD_HASH is out of bounds/);
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD_HASH: argon.replace('v=19', 'v=16') })).toThrow(/ADMIN_PASSWORD_HASH is out of bounds/);
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: 'a-long-enough-secret', ADMIN_PASSWORD_HASH: hash })).toThrow(/not both/);
  });

  it('generates a development admin password once and keeps it across restarts', () => {
    const dir = tmp();
    const first = loadConfig({}, { dataDir: dir });
    expect(first.admin.generated).toBe(true);
    expect(first.admin.password!.length).toBeGreaterThanOrEqual(12);
    const second = loadConfig({}, { dataDir: dir });
    expect(second.admin).toMatchObject({ generated: false, password: first.admin.password });
  });

  it('mail: .eml files under data/outbox by default, links to localhost, notices to the brand address', () => {
    const c = loadConfig({ NODE_ENV: 'test', PORT: '4100' }, { dataDir: 'some/data' });
    expect(c.mail).toEqual({
      smtpUrl: undefined,
      from: 'Wild Light Workshops <hello@wildlightworkshops.com>',
      adminEmail: 'hello@wildlightworkshops.com',
      outboxDir: path.join('some/data', 'outbox'),
      siteOrigin: 'http://localhost:4100',
    });
    const smtp = loadConfig({
      NODE_ENV: 'test',
      SMTP_URL: 'smtp://user:p%40ss@smtp.example.com:587',
      MAIL_FROM: '"Wild Light" <bookings@example.com>',
      ADMIN_EMAIL: 'owner@example.com',
      PUBLIC_ORIGIN: 'https://wildlightworkshops.com',
    });
    expect(smtp.mail).toMatchObject({
      smtpUrl: 'smtp://user:p%40ss@smtp.example.com:587',
      from: '"Wild Light" <bookings@example.com>',
      adminEmail: 'owner@example.com',
      siteOrigin: 'https://wildlightworkshops.com',
    });
    expect(loadConfig({ NODE_ENV: 'test', MAIL_FROM: 'bookings@example.com', SMTP_URL: 'smtps://smtp.example.com' }).mail.from).toBe('bookings@example.com');
  });

  it('names bad mail settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL must look like smtp:/);
    expect(() => loadConfig({ NODE_ENV: 'test', MAIL_FROM: 'Wild Light' })).toThrow(/MAIL_FROM must be an address/);
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_EMAIL: 'owner' })).toThrow(/ADMIN_EMAIL must be an email address/);
  });

  it('REDIS_URL, or its deprecated alias RATE_LIMIT_REDIS_URL, names the one Redis for limits and the change bus', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ redisUrl: undefined, rateLimitRedisUrl: undefined });
    expect(loadConfig({ NODE_ENV: 'test', REDIS_URL: 'redis://r:6379' })).toMatchObject({ redisUrl: 'redis://r:6379', rateLimitRedisUrl: 'redis://r:6379' });
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMIT_REDIS_URL: 'redis://old:6379' })).toMatchObject({ redisUrl: 'redis://old:6379', rateLimitRedisUrl: 'redis://old:6379' });
    expect(loadConfig({ NODE_ENV: 'test', REDIS_URL: 'redis://r:6379', RATE_LIMIT_REDIS_URL: 'redis://r:6379' }).redisUrl).toBe('redis://r:6379');
    expect(() => loadConfig({ NODE_ENV: 'test', REDIS_URL: 'redis://a:6379', RATE_LIMIT_REDIS_URL: 'redis://b:6379' })).toThrow(/Set REDIS_URL only/);
    expect(() => loadConfig({ NODE_ENV: 'test', REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL must look like redis:/);
  });

  it('TRUST_PROXY lists the proxies whose X-Forwarded-For is believed (none unless set)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'loopback, uniquelocal' }).trustProxy).toEqual(['loopback', 'uniquelocal']);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '172.18.0.0/16,::1' }).trustProxy).toEqual(['172.18.0.0/16', '::1']);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY must be a comma-separated list/);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY: "10.0.0.0\/40" is not/);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '999.1.1.1' })).toThrow(/TRUST_PROXY: "999.1.1.1" is not/);
  });

  it('personal data retention: 90 days by default, a whole number of days from 1 to 3650, validated at start-up', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).personalDataRetentionDays).toBe(90);
    expect(loadConfig({ NODE_ENV: 'test', PERSONAL_DATA_RETENTION_DAYS: '120' }).personalDataRetentionDays).toBe(120);
    expect(() => loadConfig({ NODE_ENV: 'test', PERSONAL_DATA_RETENTION_DAYS: '90d' })).toThrow(/PERSONAL_DATA_RETENTION_DAYS must be a whole number of days/);
    expect(() => loadConfig({ NODE_ENV: 'test', PERSONAL_DATA_RETENTION_DAYS: '0' })).toThrow(/PERSONAL_DATA_RETENTION_DAYS must be at least 1/);
    expect(() => loadConfig({ NODE_ENV: 'test', PERSONAL_DATA_RETENTION_DAYS: '4000' })).toThrow(/PERSONAL_DATA_RETENTION_DAYS must be at most 3650/);
  });

  it('admin session idle timeout: 30 minutes by default, a whole number of minutes from 5 to 720, validated at start-up', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).adminSessionIdleMinutes).toBe(30);
    expect(loadConfig({ NODE_ENV: 'test', ADMIN_SESSION_IDLE_MINUTES: '15' }).adminSessionIdleMinutes).toBe(15);
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_SESSION_IDLE_MINUTES: '30m' })).toThrow(/ADMIN_SESSION_IDLE_MINUTES must be a whole number of minutes/);
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_SESSION_IDLE_MINUTES: '1' })).toThrow(/ADMIN_SESSION_IDLE_MINUTES must be at least 5/);
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_SESSION_IDLE_MINUTES: '721' })).toThrow(/ADMIN_SESSION_IDLE_MINUTES must be at most 720/);
  });

  it('photos: on disk by default (25 MB); S3 only with its bucket, keys and public URL, each missing one named', () => {
    const disk = loadConfig({ NODE_ENV: 'test' }, { dataDir: '/srv/wl' }).photos;
    expect(disk).toEqual({ maxBytes: 25 * 1024 * 1024, dir: '/srv/wl/photos', s3: undefined });
    expect(loadConfig({ NODE_ENV: 'test', PHOTO_MAX_BYTES: '5242880', PHOTO_DIR: '/var/photos' }).photos).toMatchObject({ maxBytes: 5242880, dir: '/var/photos' });
    expect(() => loadConfig({ NODE_ENV: 'test', PHOTO_MAX_BYTES: '25MB' })).toThrow(/PHOTO_MAX_BYTES must be a whole number/);
    expect(() => loadConfig({ NODE_ENV: 'test', PHOTO_MAX_BYTES: '1000' })).toThrow(/PHOTO_MAX_BYTES must be at least 1048576/);
    const s3 = { S3_BUCKET: 'wl-photos', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret', S3_PUBLIC_URL: 'https://photos.example.com/' };
    expect(loadConfig({ NODE_ENV: 'test', ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/' }).photos.s3).toEqual({
      bucket: 'wl-photos',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      publicUrl: 'https://photos.example.com',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'wl-photos' })).toThrow(/S3_ACCESS_KEY_ID is required with S3_BUCKET[\s\S]*S3_SECRET_ACCESS_KEY is required[\s\S]*S3_PUBLIC_URL is required/);
    expect(() => loadConfig({ NODE_ENV: 'test', S3_PUBLIC_URL: 'https://photos.example.com' })).toThrow(/S3_PUBLIC_URL is set but S3_BUCKET is not/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...s3, S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...s3, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
  });

  it('.env.example documents every variable the app reads', () => {
    const example = fs.readFileSync(path.resolve(__dirname, '../../../../.env.example'), 'utf8');
    const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual([...ENV_VAR_NAMES].sort());
  });
});
