import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Runs before the web servers start: every run begins with empty databases. */
export default function globalSetup(): void {
  const tmp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '.tmp');
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
}
