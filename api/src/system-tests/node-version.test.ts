import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiEngines, unsupportedNodeLine } from '../infrastructure/supported-node';
import { API_ROOT, ensureBuilt } from '../test/app-process';

/** Which Node.js runs the app (docs/decisions/054): 24 LTS, 22 still supported, nothing older. */
const REPO = path.resolve(API_ROOT, '..');
const engines = apiEngines();
const LINE_20 = 'Node.js v20.20.2 is not supported: install Node.js 24 LTS (24.11 or later; Node.js 22 from 22.15 also works).';

describe('the Node.js versions the app runs on', () => {
  it('are one range in the root, api and web package.json', () => {
    const range = (dir: string) => (JSON.parse(fs.readFileSync(path.join(REPO, dir, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(range('.')).toBe(engines);
    expect(range('web')).toBe(engines);
    expect(engines).toBe('^22.15.0 || >=24.11.0');
  });

  it('allow 22 from 22.15 and 24 from 24.11; any other gets one line naming Node 24 LTS', () => {
    for (const v of ['22.15.0', '22.23.3', '24.11.0', '24.21.0', '26.10.0']) expect(unsupportedNodeLine(v, engines)).toBeNull();
    expect(unsupportedNodeLine('20.20.2', engines)).toBe(LINE_20);
    for (const v of ['18.20.8', '20.19.0', '22.14.0', '23.11.1', '24.10.0']) {
      expect(unsupportedNodeLine(v, engines)).toBe(LINE_20.replace('20.20.2', v));
    }
  });

  it('include the Node running these tests: the check exits 0 and prints nothing', () => {
    const run = spawnSync(process.execPath, ['api/scripts/check-node.mjs'], { cwd: REPO, encoding: 'utf8' });
    expect([run.status, run.stdout, run.stderr]).toEqual([0, '', '']);
  });
});

// The machine's Node on our CI machines and dev boxes is 20 (end of life). Where /usr/bin/node (or
// UNSUPPORTED_NODE) is a Node the range allows, or absent, there is nothing old to start here.
const OLD_NODE = process.env.UNSUPPORTED_NODE ?? '/usr/bin/node';
const oldVersion = fs.existsSync(OLD_NODE) ? execFileSync(OLD_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim() : null;
const oldLine = oldVersion ? unsupportedNodeLine(oldVersion, engines) : null;

(oldLine ? describe : describe.skip)(`starting on an unsupported Node (${OLD_NODE}, ${oldVersion})`, () => {
  beforeAll(() => ensureBuilt(), 120_000);
  const env = { ...process.env, PATH: `${path.dirname(OLD_NODE)}${path.delimiter}${process.env.PATH}` };
  /**
   * A check that let the process through would build, serve or segfault: after 20 s the whole
   * process group is killed (npm's children too, which outlive npm itself).
   */
  const run = (file: string, args: string[], cwd = REPO) =>
    new Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(file, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
      child.on('close', (status, signal) => {
        clearTimeout(timer);
        try {
          process.kill(-child.pid!, 'SIGKILL'); // whatever it left behind
        } catch {
          // the group is gone: it left nothing
        }
        resolve({ status, signal, stdout, stderr });
      });
    });

  it.each([['api/scripts/check-node.mjs'], ['api/scripts/ensure-built.mjs']])('node %s stops with the one line and exit code 1', async (script) => {
    const r = await run(OLD_NODE, [script]);
    expect({ status: r.status, signal: r.signal, stderr: r.stderr, stdout: r.stdout }).toEqual({ status: 1, signal: null, stderr: `${oldLine}\n`, stdout: '' });
  }, 40_000);

  it('node api/dist/main.js stops with the one line and exit code 1, before opening a database', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'old-node-'));
    try {
      const r = await run(OLD_NODE, [path.join(API_ROOT, 'dist/main.js')], cwd);
      expect({ status: r.status, signal: r.signal, stderr: r.stderr, stdout: r.stdout }).toEqual({ status: 1, signal: null, stderr: `${oldLine}\n`, stdout: '' });
      expect(fs.readdirSync(cwd)).toEqual([]); // no data/ folder, no SQLite file
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  }, 40_000);

  it.each([['start'], ['test']])('npm %s stops at that line, before building or type-checking anything', async (script) => {
    const r = await run(path.join(path.dirname(OLD_NODE), 'npm'), [script]);
    expect({ status: r.status, signal: r.signal, stderr: r.stderr }).toEqual({ status: 1, signal: null, stderr: `${oldLine}\n` });
    // npm's own banner (`> photo-workshops@0.1.0 start` and the command) and nothing else.
    expect(r.stdout.trim().split('\n')).toEqual([`> photo-workshops@0.1.0 ${script}`, expect.stringMatching(/^> node api\/scripts\/(ensure-built|check-node)\.mjs && /)]);
  }, 40_000);
});
