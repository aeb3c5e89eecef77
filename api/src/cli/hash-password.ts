import { formatScryptHash, hashPasswordSync } from '../infrastructure/password-hash';
import { hasControlChars } from '../infrastructure/text';

/**
 * `npm run hash-password -w api [-- password]`: prints an ADMIN_PASSWORD_HASH
 * for a password given as the argument, piped on stdin, or typed at a hidden
 * prompt (preferred: the password stays out of shell history).
 */
const MIN_LENGTH = 12;

async function readPassword(): Promise<string> {
  const arg = process.argv[2];
  if (arg !== undefined) return arg;
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  process.stderr.write('Admin password (hidden): ');
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolve(typed);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('cancelled'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}

readPassword()
  .then((password) => {
    if (password.length < MIN_LENGTH) {
      console.error(`The admin password must be at least ${MIN_LENGTH} characters.`);
      process.exit(1);
    }
    // The sign-in refuses them (admin-auth.service.ts): a hash of one could never be used.
    if (hasControlChars(password)) {
      console.error('The admin password must not contain control characters.');
      process.exit(1);
    }
    console.log(formatScryptHash(hashPasswordSync(password)));
  })
  .catch((e: Error) => {
    console.error(e.message);
    process.exit(1);
  });
