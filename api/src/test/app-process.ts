import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { seasonClock } from './app';

/** The built app, as production runs it. */
export const API_ROOT = path.resolve(__dirname, '../..');
export const MAIN = path.join(API_ROOT, 'dist/main.js');

/** `npm test` builds first; a developer running one system test alone gets a build here. */
export function ensureBuilt(): void {
  if (!fs.existsSync(MAIN)) execSync('npx tsc -p tsconfig.build.json', { cwd: API_ROOT, stdio: 'inherit' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface AppProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** What the process wrote to stderr so far. */
  stderr: () => string;
}

/** Start `api/dist/main.js` on a free loopback port (its own temporary cwd) and wait until /api/health answers. */
export async function startAppProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    // The system tests tell clients apart by X-Forwarded-For, as if behind a proxy on this host.
    env: { ...process.env, NODE_ENV: 'test', ADMIN_PASSWORD: 'process-test-password', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback', PORT: String(port), DATABASE_URL: databaseUrl, CLOCK_START: seasonClock().toISOString(), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    cwd: fs.mkdtempSync(path.join(os.tmpdir(), 'app-cwd-')),
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (i > 300 || child.exitCode !== null) throw new Error(`the app did not start:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, exited, stderr: () => stderr };
}
