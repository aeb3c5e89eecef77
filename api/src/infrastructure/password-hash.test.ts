import { argon2i, argon2id } from 'hash-wasm';
import { formatScryptHash, hashPasswordSync, parseArgon2Hash, parsePasswordHash, parseScryptHash, verifyPassword } from './password-hash';

describe('scrypt password hashes', () => {
  it('verifies the right password and refuses others, through the text format', async () => {
    const text = formatScryptHash(hashPasswordSync('correct-horse-battery'));
    expect(text).toMatch(/^scrypt\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/);
    const hash = parseScryptHash(text)!;
    await expect(verifyPassword('correct-horse-battery', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct-horse-batterY', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  it('salts every hash', () => {
    expect(formatScryptHash(hashPasswordSync('same-password-twice'))).not.toBe(formatScryptHash(hashPasswordSync('same-password-twice')));
  });

  it('treats canonically equal Unicode passwords as the same', async () => {
    const hash = hashPasswordSync('caf\u00e9-au-lait-2026');
    await expect(verifyPassword('cafe\u0301-au-lait-2026', hash)).resolves.toBe(true);
  });

  it('parses only well-formed scrypt hashes', () => {
    const salt = Buffer.alloc(16, 1).toString('base64');
    const key = Buffer.alloc(32, 2).toString('base64');
    expect(parseScryptHash(`scrypt$${salt}$${key}`)).not.toBeNull();
    for (const bad of [
      '',
      'plain-password',
      `argon2$${salt}$${key}`,
      `$argon2id$v=19$m=65536,t=3,p=4$${salt}$${key}`, // argon2 is not scrypt
      `scrypt$${salt}`,
      `scrypt$${salt}$${key}$extra`,
      `scrypt$${salt}$${Buffer.alloc(8).toString('base64')}`, // key too short
      `scrypt$${Buffer.alloc(4).toString('base64')}$${key}`, // salt too short
      `scrypt$not base64!$${key}`,
    ]) {
      expect(parseScryptHash(bad)).toBeNull();
    }
  });
});

describe('argon2 password hashes (PHC strings from other tools)', () => {
  const salt = Buffer.from('0123456789abcdef');

  it.each([
    ['argon2id', argon2id],
    ['argon2i', argon2i],
  ] as const)('verifies %s hashes in the PHC format', async (_name, fn) => {
    const encoded = await fn({ password: 'argon-admin-secret', salt, iterations: 2, parallelism: 1, memorySize: 1024, hashLength: 32, outputType: 'encoded' });
    const hash = parsePasswordHash(encoded)!;
    expect(hash).toMatchObject({ kind: 'argon2', memoryKiB: 1024, iterations: 2, parallelism: 1 });
    await expect(verifyPassword('argon-admin-secret', hash)).resolves.toBe(true);
    await expect(verifyPassword('argon-admin-secreT', hash)).resolves.toBe(false);
  });

  it('refuses unsupported versions and costs that would stall the server', () => {
    const key = Buffer.alloc(32, 1).toString('base64').replace(/=+$/, '');
    const s = salt.toString('base64').replace(/=+$/, '');
    expect(parseArgon2Hash(`$argon2id$v=19$m=65536,t=3,p=4$${s}$${key}`)).not.toBeNull();
    expect(parseArgon2Hash(`$argon2id$v=16$m=65536,t=3,p=4$${s}$${key}`)).toBeNull();
    expect(parseArgon2Hash(`$argon2id$v=19$m=4194304,t=3,p=4$${s}$${key}`)).toBeNull();
    expect(parseArgon2Hash(`$argon2id$v=19$m=65536,t=300,p=4$${s}$${key}`)).toBeNull();
    expect(parseArgon2Hash(`$argon2id$v=19$m=16,t=3,p=4$${s}$${key}`)).toBeNull();
    expect(parseArgon2Hash(`$argon2id$v=19$m=65536,t=3,p=4$${s}$${key.slice(0, 8)}`)).toBeNull();
  });
});
