import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { argon2d, argon2i, argon2id } from 'hash-wasm';

/**
 * Password hashes for ADMIN_PASSWORD_HASH (docs/decisions/020):
 * - scrypt, `scrypt$<salt base64>$<key base64>`, what `npm run hash-password -w api`
 *   prints. The cost parameters are fixed, so the format carries none (about
 *   32 MiB and a few tens of milliseconds per check).
 * - argon2 in the PHC string format other tools print,
 *   `$argon2id$v=19$m=65536,t=3,p=4$<salt>$<hash>` (also argon2i/argon2d),
 *   computed with hash-wasm (WebAssembly: no native add-on).
 * Either way the candidate's derived key is compared in constant time.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Keys shorter than this would be a weak hash; longer ones are accepted as given. */
const MIN_KEY_BYTES = 16;
const MAX_KEY_BYTES = 128;

const scryptAsync = promisify(crypto.scrypt) as (password: string | Buffer, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

export interface ScryptHash {
  kind?: 'scrypt';
  salt: Buffer;
  key: Buffer;
}

export interface Argon2Hash {
  kind: 'argon2';
  variant: 'argon2id' | 'argon2i' | 'argon2d';
  memoryKiB: number;
  iterations: number;
  parallelism: number;
  salt: Buffer;
  key: Buffer;
}

export type PasswordHash = ScryptHash | Argon2Hash;

/** Cost bounds accepted for argon2 hashes: the hash is checked on logins, so a typo like m=41943040 must not stop the server. */
const ARGON2_LIMITS = { maxMemoryKiB: 256 * 1024, maxIterations: 20, maxParallelism: 16 };
const ARGON2_PHC = /^\$(argon2id|argon2i|argon2d)\$v=19\$m=(\d{1,9}),t=(\d{1,4}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Parse an argon2 PHC string (version 19); null when it is not one or its costs are out of bounds. */
export function parseArgon2Hash(text: string): Argon2Hash | null {
  const m = ARGON2_PHC.exec(text.trim());
  if (!m) return null;
  const [memoryKiB, iterations, parallelism] = [Number(m[2]), Number(m[3]), Number(m[4])];
  const salt = Buffer.from(m[5], 'base64');
  const key = Buffer.from(m[6], 'base64');
  if (parallelism < 1 || parallelism > ARGON2_LIMITS.maxParallelism) return null;
  if (iterations < 1 || iterations > ARGON2_LIMITS.maxIterations) return null;
  if (memoryKiB < 8 * parallelism || memoryKiB > ARGON2_LIMITS.maxMemoryKiB) return null;
  if (salt.length < 8 || key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) return null;
  return { kind: 'argon2', variant: m[1] as Argon2Hash['variant'], memoryKiB, iterations, parallelism, salt, key };
}

/** Either format; null when the text is neither (or out of bounds). */
export function parsePasswordHash(text: string): PasswordHash | null {
  return parseScryptHash(text) ?? parseArgon2Hash(text);
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Parse `scrypt$<salt b64>$<key b64>`; null when the text is not such a hash. */
export function parseScryptHash(text: string): ScryptHash | null {
  const parts = text.trim().split('$');
  if (parts.length !== 3 || parts[0] !== 'scrypt' || !BASE64.test(parts[1]) || !BASE64.test(parts[2])) return null;
  const salt = Buffer.from(parts[1], 'base64');
  const key = Buffer.from(parts[2], 'base64');
  if (salt.length < 8 || key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) return null;
  return { kind: 'scrypt', salt, key };
}

export function formatScryptHash(hash: ScryptHash): string {
  return `scrypt$${hash.salt.toString('base64')}$${hash.key.toString('base64')}`;
}

/** Hash a password with a fresh random salt (synchronous: used once at start-up and by the CLI). */
export function hashPasswordSync(password: string): ScryptHash {
  const salt = crypto.randomBytes(SALT_BYTES);
  return { kind: 'scrypt', salt, key: crypto.scryptSync(password.normalize('NFC'), salt, KEY_BYTES, SCRYPT_PARAMS) };
}

/**
 * Does `candidate` match the hash? Derives a key of the same length and compares
 * the two keys in constant time; the raw strings are never compared. scrypt
 * runs on libuv's thread pool; argon2 (WebAssembly) on the main thread.
 */
export async function verifyPassword(candidate: string, hash: PasswordHash): Promise<boolean> {
  const password = candidate.normalize('NFC');
  const derived = hash.kind === 'argon2' ? await argon2Key(password, hash) : await scryptAsync(password, hash.salt, hash.key.length, SCRYPT_PARAMS);
  return derived.length === hash.key.length && crypto.timingSafeEqual(derived, hash.key);
}

const ARGON2 = { argon2id, argon2i, argon2d };

async function argon2Key(password: string, hash: Argon2Hash): Promise<Buffer> {
  const raw = await ARGON2[hash.variant]({
    password,
    salt: hash.salt,
    iterations: hash.iterations,
    parallelism: hash.parallelism,
    memorySize: hash.memoryKiB,
    hashLength: hash.key.length,
    outputType: 'binary',
  });
  return Buffer.from(raw);
}
