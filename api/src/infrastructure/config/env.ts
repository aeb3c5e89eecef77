import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import { parseDatabaseUrl, type DatabaseConfig } from '../db/data-source';
import { parsePasswordHash } from '../password-hash';

const PASSWORD_HASH_PATTERN = /^(scrypt\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}|\$argon2(id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+)$/;
import { BRAND } from '../../shared/brand';
import { DEFAULT_RETENTION_DAYS } from '../../shared/retention';

/** An admin session unused this long is refused (ADMIN_SESSION_IDLE_MINUTES). */
export const DEFAULT_SESSION_IDLE_MINUTES = 30;

/**
 * Every environment variable the api reads, validated once at start-up.
 * `.env.example` documents the same list; a test keeps the two in step.
 * Fields are initialised to undefined so that Object.keys() lists them.
 */
export class EnvVars {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV?: string = undefined;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT?: number = undefined;

  @IsOptional()
  @Matches(/^(mysql:\/\/|mariadb:\/\/|sqlite:).+/, { message: 'DATABASE_URL must look like mysql://user:pass@host:3306/db or sqlite:./data/app.db' })
  DATABASE_URL?: string = undefined;

  @IsOptional()
  @IsString()
  @MinLength(12, { message: 'ADMIN_PASSWORD must be at least 12 characters' })
  ADMIN_PASSWORD?: string = undefined;

  /** scrypt (ours) or argon2 (PHC string, version 19): see docs/decisions/020. */
  @IsOptional()
  @Matches(PASSWORD_HASH_PATTERN, {
    message:
      'ADMIN_PASSWORD_HASH must be an scrypt hash "scrypt$<salt b64>$<key b64>" made by `npm run hash-password -w api`, or an argon2 hash "$argon2id$v=19$m=<KiB>,t=<n>,p=<n>$<salt>$<hash>"',
  })
  ADMIN_PASSWORD_HASH?: string = undefined;

  @IsOptional()
  @Matches(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, { message: 'STRIPE_SECRET_KEY must look like sk_test_... or sk_live_...' })
  STRIPE_SECRET_KEY?: string = undefined;

  @IsOptional()
  @Matches(/^whsec_[A-Za-z0-9_]+$/, { message: 'STRIPE_WEBHOOK_SECRET must look like whsec_...' })
  STRIPE_WEBHOOK_SECRET?: string = undefined;

  @IsOptional()
  @Matches(/^https?:\/\/[^/\s]+\/?$/, { message: 'STRIPE_API_BASE must be an origin such as http://127.0.0.1:12111' })
  STRIPE_API_BASE?: string = undefined;

  @IsOptional()
  @Matches(/^https?:\/\/[^/\s]+$/, { message: 'PUBLIC_ORIGIN must be an origin such as https://wildlightworkshops.com (no trailing slash)' })
  PUBLIC_ORIGIN?: string = undefined;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: string = undefined;

  @IsOptional()
  @IsIn(['true', 'false'], { message: 'GRAPHQL_INTROSPECTION must be true or false' })
  GRAPHQL_INTROSPECTION?: string = undefined;

  @IsOptional()
  @IsIn(['true', 'false'], { message: 'HSTS must be true or false' })
  HSTS?: string = undefined;

  /** The seed's sample reviews on the public pages (docs/decisions/090): on outside production unless false. */
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'SHOW_SAMPLE_REVIEWS must be true or false' })
  SHOW_SAMPLE_REVIEWS?: string = undefined;

  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must look like redis://host:6379' })
  REDIS_URL?: string = undefined;

  @IsOptional()
  @Matches(/^\s*(loopback|linklocal|uniquelocal|[0-9A-Fa-f:.]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9A-Fa-f:.]+(\/\d{1,3})?))*\s*$/, {
    message: 'TRUST_PROXY must be a comma-separated list of loopback, linklocal, uniquelocal or IP addresses/CIDR ranges, e.g. "loopback, uniquelocal"',
  })
  TRUST_PROXY?: string = undefined;

  /** Deprecated alias of REDIS_URL (it once served the rate limits only). */
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'RATE_LIMIT_REDIS_URL must look like redis://host:6379' })
  RATE_LIMIT_REDIS_URL?: string = undefined;

  @IsOptional()
  @Matches(/^smtps?:\/\/[^\s/?#]+(\/?(\?\S*)?)?$/, { message: 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465' })
  SMTP_URL?: string = undefined;

  @IsOptional()
  @Matches(/^([^<>@\r\n]+<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/, {
    message: 'MAIL_FROM must be an address, e.g. hello@example.com or "Wild Light Workshops <hello@example.com>"',
  })
  MAIL_FROM?: string = undefined;

  @IsOptional()
  @IsEmail({}, { message: 'ADMIN_EMAIL must be an email address' })
  ADMIN_EMAIL?: string = undefined;

  /** Signs proof-of-work challenges and keys the client hashes on bookings (docs/decisions/056). */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'ALTCHA_HMAC_SECRET must be at least 32 characters (e.g. `openssl rand -base64 32`)' })
  ALTCHA_HMAC_SECRET?: string = undefined;

  /** Signs the personal "Manage your booking" links in customer mails (docs/decisions/062). */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'BOOKING_LINK_SECRET must be at least 32 characters (e.g. `openssl rand -base64 32`)' })
  BOOKING_LINK_SECRET?: string = undefined;
  /**
   * Tests only (NODE_ENV=test): the instant the app's clock reads at start-up, then
   * advancing in real time, e.g. 2026-01-15T12:00:00Z, so browser tests run at a
   * chosen point of the season (docs/decisions/059).
   */
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/, { message: 'CLOCK_START must be a UTC instant such as 2026-01-15T12:00:00Z' })
  CLOCK_START?: string = undefined;

  /** Largest photo upload in bytes (docs/decisions/077). */
  @IsOptional()
  @IsInt({ message: 'PHOTO_MAX_BYTES must be a whole number of bytes' })
  @Min(1024 * 1024, { message: 'PHOTO_MAX_BYTES must be at least 1048576 (1 MB)' })
  @Max(200 * 1024 * 1024, { message: 'PHOTO_MAX_BYTES must be at most 209715200 (200 MB)' })
  PHOTO_MAX_BYTES?: number = undefined;

  /** Days after a workshop ends before its travellers' health, dietary, emergency, age and travel details are erased (docs/decisions/100). */
  @IsOptional()
  @IsInt({ message: 'PERSONAL_DATA_RETENTION_DAYS must be a whole number of days' })
  @Min(1, { message: 'PERSONAL_DATA_RETENTION_DAYS must be at least 1' })
  @Max(3650, { message: 'PERSONAL_DATA_RETENTION_DAYS must be at most 3650 (10 years)' })
  PERSONAL_DATA_RETENTION_DAYS?: number = undefined;

  /** Minutes an admin session may go unused before it is refused (docs/decisions/092, amendment). */
  @IsOptional()
  @IsInt({ message: 'ADMIN_SESSION_IDLE_MINUTES must be a whole number of minutes' })
  @Min(5, { message: 'ADMIN_SESSION_IDLE_MINUTES must be at least 5' })
  @Max(720, { message: 'ADMIN_SESSION_IDLE_MINUTES must be at most 720 (a session lasts 12 hours anyway)' })
  ADMIN_SESSION_IDLE_MINUTES?: number = undefined;

  /** Folder of the photographs' renderings on disk (unless S3_BUCKET is set). */
  @IsOptional()
  @IsString()
  PHOTO_DIR?: string = undefined;

  /** An S3-compatible bucket for the photographs instead of the folder. */
  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)' })
  S3_BUCKET?: string = undefined;

  @IsOptional()
  @Matches(/^[a-z0-9-]+$/, { message: 'S3_REGION must be a region name such as us-east-1 (or auto)' })
  S3_REGION?: string = undefined;

  /** Another S3-compatible service (R2, MinIO, ...); unset: AWS. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { message: 'S3_ENDPOINT must be an http(s) URL, e.g. https://<account>.r2.cloudflarestorage.com' })
  S3_ENDPOINT?: string = undefined;

  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string = undefined;

  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string = undefined;

  /** Where browsers read the bucket's objects. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { message: 'S3_PUBLIC_URL must be an http(s) URL, e.g. https://photos.wildlightworkshops.com' })
  S3_PUBLIC_URL?: string = undefined;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  database: DatabaseConfig;
  admin: { password?: string; passwordHash?: string; generated: boolean };
  stripe: { secretKey?: string; webhookSecret?: string; apiBase?: string };
  /**
   * The site's public origin: PUBLIC_ORIGIN (required in production), or this server on
   * localhost. Checkout redirects and absolute links are built from it alone, never from a
   * request's Host, X-Forwarded-* or a caller's origin_url.
   */
  publicOrigin: string;
  mail: {
    /** Unset: mails are written as .eml files into outboxDir instead of being sent. */
    smtpUrl?: string;
    from: string;
    /** Recipient of the admin notices. */
    adminEmail: string;
    outboxDir: string;
    /** Origin of the links in mails: PUBLIC_ORIGIN, or this server on localhost. */
    siteOrigin: string;
  };
  logLevel: string;
  /** Introspection and the /graphql explorer (on outside production unless disabled). */
  graphqlIntrospection: boolean;
  /** HSTS and upgrade-insecure-requests, for deployments served over https. */
  hsts: boolean;
  /** The seed's sample reviews are shown (SHOW_SAMPLE_REVIEWS; default: outside production only, docs/decisions/090). */
  showSampleReviews: boolean;
  /** Days after a run ends before the trip-only personal data is erased (PERSONAL_DATA_RETENTION_DAYS, default 90; docs/decisions/100). */
  personalDataRetentionDays: number;
  /** Minutes an admin session (both factors) may go unused before it is refused (ADMIN_SESSION_IDLE_MINUTES, default 30; docs/decisions/092). */
  adminSessionIdleMinutes: number;
  /**
   * Redis shared by several app instances (REDIS_URL, or its deprecated alias
   * RATE_LIMIT_REDIS_URL): rate-limit counts and the change bus that keeps their
   * catalog caches in step. Unset: process memory, one instance.
   */
  redisUrl?: string;
  /** The same as redisUrl (kept for the rate-limit store's callers). */
  rateLimitRedisUrl?: string;
  /**
   * Peers whose X-Forwarded-For is believed (proxy-addr names or CIDRs, for the
   * HTTP server's trust-proxy setting): the client IP that rate limits key on.
   * None unless TRUST_PROXY is set (the connection's address is the client); behind a proxy
   * in another container (docker/compose.yml) uniquelocal.
   */
  trustProxy: string[];
  /** Directory of the built web app (web/dist). */
  webDist: string;
  /**
   * HMAC secret of the booking challenges and of the client hashes stored on bookings:
   * ALTCHA_HMAC_SECRET (shared by every instance; required in production). Outside production
   * generated once into data/altcha-secret.txt (random per run in tests). Never derived from
   * the admin password (docs/decisions/067).
   */
  altchaHmacSecret: string;
  /**
   * HMAC secret of the manage-booking and waiting-list links: BOOKING_LINK_SECRET, shared by
   * every instance, required in production; elsewhere kept in data/booking-link-secret.txt
   * (random per run in tests).
   */
  bookingLinkSecret: string;
  /** Tests only (CLOCK_START): what the app's clock reads at start-up; unset: the real time. */
  clockStart?: Date;
  /**
   * The admin's photographs (docs/decisions/077): the largest upload, and where the renderings
   * go: the folder `dir` (served at /photos) or, with S3_BUCKET, an S3-compatible bucket.
   */
  photos: {
    maxBytes: number;
    dir: string;
    s3?: { bucket: string; region: string; endpoint?: string; accessKeyId: string; secretAccessKey: string; publicUrl: string };
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const numeric = new Set(['PORT', 'PHOTO_MAX_BYTES', 'PERSONAL_DATA_RETENTION_DAYS', 'ADMIN_SESSION_IDLE_MINUTES']);

/** Validate the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { dataDir?: string } = {}): Config {
  const raw = new EnvVars();
  const problems: string[] = [];
  for (const key of ENV_VAR_NAMES) {
    const value = env[key];
    if (value === undefined || value === '') continue;
    if (numeric.has(key)) {
      const n = Number(value);
      if (!/^\d+$/.test(value)) problems.push(`${key} must be a whole number, got "${value}"`);
      (raw as unknown as Record<string, unknown>)[key] = n;
    } else {
      (raw as unknown as Record<string, unknown>)[key] = value;
    }
  }
  for (const error of validateSync(raw)) {
    for (const message of Object.values(error.constraints ?? {})) problems.push(message);
  }
  const nodeEnv = (raw.NODE_ENV ?? 'development') as Config['env'];
  if (nodeEnv === 'production' && !raw.ADMIN_PASSWORD && !raw.ADMIN_PASSWORD_HASH) {
    problems.push('ADMIN_PASSWORD (or ADMIN_PASSWORD_HASH) is required when NODE_ENV=production');
  }
  if (raw.ADMIN_PASSWORD && raw.ADMIN_PASSWORD_HASH) {
    problems.push('Set ADMIN_PASSWORD or ADMIN_PASSWORD_HASH, not both');
  }
  if (raw.ADMIN_PASSWORD_HASH && PASSWORD_HASH_PATTERN.test(raw.ADMIN_PASSWORD_HASH) && !parsePasswordHash(raw.ADMIN_PASSWORD_HASH)) {
    problems.push(
      'ADMIN_PASSWORD_HASH is out of bounds (salt of 8+ bytes, key of 16-128 bytes; argon2: v=19, m up to 262144 KiB, t up to 20, p up to 16): make a new one with `npm run hash-password -w api`',
    );
  }
  if (nodeEnv === 'production') problems.push(...productionSecretProblems(raw));
  // Passkeys are bound to a host name (the WebAuthn relying party id): on an IP-address origin the
  // browser refuses to make one, and the admin uses an authenticator app instead. The site still
  // starts (one instance behind an IP is a valid deployment; docs/decisions/091).
  if (nodeEnv === 'production' && !raw.PUBLIC_ORIGIN) {
    // Checkout redirects, mail links and page links are built from it alone (docs/security.md #21).
    problems.push('PUBLIC_ORIGIN is required when NODE_ENV=production (e.g. https://wildlightworkshops.com)');
  }
  if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET && nodeEnv === 'production') {
    problems.push('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY when NODE_ENV=production');
  }
  if (raw.CLOCK_START && nodeEnv !== 'test') problems.push('CLOCK_START is for tests only (NODE_ENV=test)');
  if (raw.REDIS_URL && raw.RATE_LIMIT_REDIS_URL && raw.REDIS_URL !== raw.RATE_LIMIT_REDIS_URL) {
    problems.push('Set REDIS_URL only: RATE_LIMIT_REDIS_URL is its deprecated alias and names another server');
  }
  for (const item of (raw.TRUST_PROXY ?? '').split(',').map((t) => t.trim())) {
    const [address, bits] = item.split('/');
    if (!item || ['loopback', 'linklocal', 'uniquelocal'].includes(item)) continue;
    const family = net.isIP(address);
    if (!family || (bits !== undefined && Number(bits) > (family === 4 ? 32 : 128))) problems.push(`TRUST_PROXY: "${item}" is not an IP address or CIDR range`);
  }
  problems.push(...s3Problems(raw));
  let database: DatabaseConfig | undefined;
  try {
    database = parseDatabaseUrl(raw.DATABASE_URL);
  } catch (e) {
    problems.push((e as Error).message);
  }
  if (problems.length) throw new ConfigError([...new Set(problems)]);

  const admin = resolveAdminPassword(raw, nodeEnv, options.dataDir ?? 'data');
  const port = raw.PORT ?? 3000;
  return {
    env: nodeEnv,
    port,
    database: database!,
    admin,
    stripe: {
      secretKey: raw.STRIPE_SECRET_KEY,
      webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
      apiBase: raw.STRIPE_API_BASE?.replace(/\/$/, ''),
    },
    publicOrigin: raw.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    mail: {
      smtpUrl: raw.SMTP_URL,
      from: raw.MAIL_FROM ?? `${BRAND.name} <${BRAND.contactEmail}>`,
      adminEmail: raw.ADMIN_EMAIL ?? BRAND.contactEmail,
      outboxDir: path.join(options.dataDir ?? 'data', 'outbox'),
      siteOrigin: raw.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    },
    logLevel: raw.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    graphqlIntrospection: raw.GRAPHQL_INTROSPECTION ? raw.GRAPHQL_INTROSPECTION === 'true' : nodeEnv !== 'production',
    hsts: raw.HSTS === 'true',
    showSampleReviews: raw.SHOW_SAMPLE_REVIEWS ? raw.SHOW_SAMPLE_REVIEWS === 'true' : nodeEnv !== 'production',
    personalDataRetentionDays: raw.PERSONAL_DATA_RETENTION_DAYS ?? DEFAULT_RETENTION_DAYS,
    adminSessionIdleMinutes: raw.ADMIN_SESSION_IDLE_MINUTES ?? DEFAULT_SESSION_IDLE_MINUTES,
    redisUrl: raw.REDIS_URL ?? raw.RATE_LIMIT_REDIS_URL,
    rateLimitRedisUrl: raw.REDIS_URL ?? raw.RATE_LIMIT_REDIS_URL,
    trustProxy: raw.TRUST_PROXY ? raw.TRUST_PROXY.split(',').map((t) => t.trim()) : [],
    webDist: path.resolve(__dirname, '../../../../web/dist'),
    // Production has both (productionSecretProblems); elsewhere they are generated and kept.
    altchaHmacSecret: raw.ALTCHA_HMAC_SECRET ?? localSecret(nodeEnv, options.dataDir ?? 'data', 'altcha-secret.txt'),
    bookingLinkSecret: raw.BOOKING_LINK_SECRET ?? localSecret(nodeEnv, options.dataDir ?? 'data', 'booking-link-secret.txt'),
    clockStart: raw.CLOCK_START ? new Date(raw.CLOCK_START) : undefined,
    photos: {
      maxBytes: raw.PHOTO_MAX_BYTES ?? 25 * 1024 * 1024,
      dir: path.resolve(raw.PHOTO_DIR ?? path.join(options.dataDir ?? 'data', 'photos')),
      s3: raw.S3_BUCKET
        ? {
            bucket: raw.S3_BUCKET,
            region: raw.S3_REGION ?? 'us-east-1',
            endpoint: raw.S3_ENDPOINT?.replace(/\/$/, ''),
            accessKeyId: raw.S3_ACCESS_KEY_ID!,
            secretAccessKey: raw.S3_SECRET_ACCESS_KEY!,
            publicUrl: raw.S3_PUBLIC_URL!.replace(/\/$/, ''),
          }
        : undefined,
    },
  };
}

/** The bucket comes with its keys and public URL, or none of the S3 variables is set. */
function s3Problems(raw: EnvVars): string[] {
  const others = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const;
  if (!raw.S3_BUCKET) {
    const set = others.filter((k) => raw[k]);
    return set.length ? [`${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: set S3_BUCKET too, or unset them (photos are then kept on disk)`] : [];
  }
  return (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).filter((k) => !raw[k]).map((k) => `${k} is required with S3_BUCKET`);
}

/**
 * Production signs public things (the anonymous ALTCHA challenges, the manage-booking links in
 * mails) only with random secrets of its own, the same on every instance: never with a key
 * derived from the admin password, which would make every signature an oracle for offline
 * password guesses (issue 21 finding 5, docs/decisions/067). So both are required, distinct, and
 * neither may be the admin password.
 */
function productionSecretProblems(raw: EnvVars): string[] {
  const problems: string[] = [];
  for (const name of ['ALTCHA_HMAC_SECRET', 'BOOKING_LINK_SECRET'] as const) {
    const value = raw[name];
    if (!value) problems.push(`${name} is required when NODE_ENV=production: a random value of 32+ characters, the same on every instance (e.g. \`openssl rand -base64 32\`)`);
    else if (value === raw.ADMIN_PASSWORD) problems.push(`${name} must not be the admin password: use a random value (e.g. \`openssl rand -base64 32\`)`);
  }
  if (raw.ALTCHA_HMAC_SECRET && raw.ALTCHA_HMAC_SECRET === raw.BOOKING_LINK_SECRET) {
    problems.push('BOOKING_LINK_SECRET must differ from ALTCHA_HMAC_SECRET (two random values)');
  }
  return problems;
}

/**
 * Outside production a secret may be left unset: one is generated once and kept in
 * the data directory (tests get a fresh one each run and write nothing).
 */
function localSecret(nodeEnv: Config['env'], dataDir: string, name: string): string {
  if (nodeEnv === 'test') return crypto.randomBytes(32).toString('base64url');
  const file = path.resolve(dataDir, name);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Every variable name, from the class itself (each field is initialised, so it is enumerable). */
export const ENV_VAR_NAMES = Object.keys(new EnvVars());

/**
 * Outside production an admin password may be left unset: one is generated once,
 * kept in data/admin-password.txt (so it survives restarts) and printed when created.
 */
function resolveAdminPassword(raw: EnvVars, nodeEnv: Config['env'], dataDir: string): Config['admin'] {
  if (raw.ADMIN_PASSWORD || raw.ADMIN_PASSWORD_HASH) {
    return { password: raw.ADMIN_PASSWORD, passwordHash: raw.ADMIN_PASSWORD_HASH, generated: false };
  }
  if (nodeEnv === 'test') return { password: crypto.randomBytes(18).toString('base64url'), generated: true };
  const file = path.resolve(dataDir, 'admin-password.txt');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 12) return { password: existing, generated: false };
  } catch {
    // not created yet
  }
  const password = crypto.randomBytes(18).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return { password, generated: true };
}
