// Shared helpers of the benchmarks: start the built app on a fresh database, percentiles.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MYSQL_SERVER = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

export async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function mysqlAdmin(sql) {
  const require = (await import('node:module')).createRequire(path.join(root, 'api/package.json'));
  const mysql = require('mysql2/promise');
  const c = await mysql.createConnection({ uri: MYSQL_SERVER });
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** CPU time (user + system, ms) a process has used so far (Linux /proc), to compare the work per request of two builds on a noisy machine. */
export function cpuMsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/**
 * Start api/dist/main.js on a fresh SQLite file or MySQL database, configured as production runs it:
 * NODE_ENV=production and the default log level (info: one access line per request, with its request
 * id), its log written to a file as a process manager or container runtime would take it (set
 * LOG_LEVEL=error in the bench's environment to measure with the access log off; BENCH_LOG=null sends
 * the log to /dev/null; BENCH_APP_LOG=1 shows it on the terminal, to find a failing request's cause).
 * Returns { url, databaseUrl, pid, logFile, cleanup, stop }. `nodeArgs` go to node itself (e.g.
 * --cpu-prof). `databaseUrl`: start on that database instead (kept: the caller drops it).
 * `stop({ keepDatabase: true })` leaves the database for `cleanup()`. `publicHost`: the host of its
 * PUBLIC_ORIGIN (`localhost` for builds before 3c80a83, which refused an IP address in production).
 */
export async function startApp(kind, env = {}, { nodeArgs = [], databaseUrl: existing, main: mainOption, publicHost = '127.0.0.1' } = {}) {
  // BENCH_MAIN: another build's main.js (an A/B of two builds in one run, on a noisy machine).
  const main = mainOption ?? process.env.BENCH_MAIN ?? path.join(root, 'api/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('Build first: npm run build');
  const port = await freePort();
  let databaseUrl;
  let cleanup = async () => {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  if (existing) {
    databaseUrl = existing;
  } else if (kind === 'mysql') {
    const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
    await mysqlAdmin(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const u = new URL(MYSQL_SERVER);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    cleanup = () => mysqlAdmin(`DROP DATABASE IF EXISTS ${name}`);
  } else {
    databaseUrl = `sqlite:${dir}/bench.db`;
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const logFile = process.env.BENCH_LOG === 'null' ? '/dev/null' : path.join(dir, 'app.log');
  const log = process.env.BENCH_APP_LOG ? 'inherit' : fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [...productionNodeFlags(), ...nodeArgs, main], {
    env: {
      ...process.env, NODE_ENV: 'production', PUBLIC_ORIGIN: `http://${publicHost}:${port}`, ADMIN_PASSWORD: 'bench-admin-password',
      // The benches play many visitors from one machine: believe their X-Forwarded-For.
      TRUST_PROXY: 'loopback', ALTCHA_HMAC_SECRET: 'bench-altcha-secret-0123456789abcdef0123', BOOKING_LINK_SECRET: 'bench-booking-link-secret-0123456789abcdef', PORT: String(port), DATABASE_URL: databaseUrl, PHOTO_DIR: path.join(dir, 'photos'), ...env,
    },
    stdio: ['ignore', log, 'inherit'],
  });
  if (typeof log === 'number') fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 200) throw new Error('app did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    databaseUrl,
    pid: child.pid,
    logFile,
    cleanup,
    /** Lines of the app's log so far that are access lines ("request"), and all lines. */
    logLines() {
      if (logFile === '/dev/null') return { access: NaN, all: NaN };
      // Read in chunks: a round of the read path writes more log than one string may hold (512 MB).
      let access = 0;
      let all = 0;
      const count = (line) => {
        if (!line) return;
        all++;
        if (line.includes('"msg":"request"')) access++;
      };
      const fd = fs.openSync(logFile, 'r');
      const chunk = Buffer.alloc(16 * 1024 * 1024);
      let rest = '';
      try {
        for (let n; (n = fs.readSync(fd, chunk, 0, chunk.length, null)) > 0; ) {
          const lines = (rest + chunk.toString('utf8', 0, n)).split('\n');
          rest = lines.pop();
          for (const line of lines) count(line);
        }
      } finally {
        fs.closeSync(fd);
      }
      count(rest);
      return { access, all };
    },
    async stop({ keepDatabase = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepDatabase) await cleanup();
      if (!keepDatabase || existing || kind === 'mysql') fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The flags production starts node with (api/package.json `nodeFlags`: `npm start`, the Docker
 * CMD and the e2e servers use the same, tested), so the benches measure what runs.
 * BENCH_NODE_FLAGS replaces them (space-separated; `none` for node's defaults): an A/B of flags.
 */
export function productionNodeFlags() {
  const own = process.env.BENCH_NODE_FLAGS;
  if (own !== undefined) return own === 'none' ? [] : own.split(' ').filter(Boolean);
  return JSON.parse(fs.readFileSync(path.join(root, 'api/package.json'), 'utf8')).nodeFlags ?? [];
}

/** How the app is configured for a bench run, for the first line of its output. */
export function appConfiguration() {
  const level = process.env.LOG_LEVEL ?? 'info (default)';
  return `app: NODE_ENV=production, LOG_LEVEL=${level}${process.env.BENCH_LOG === 'null' ? ', log to /dev/null' : ', log to a file'}, node ${productionNodeFlags().join(' ') || '(no flags)'}`;
}

/** The machine's load averages (1, 5 min), to say how noisy a run was. */
export function load() {
  return os.loadavg().slice(0, 2).map((x) => x.toFixed(1)).join('/');
}

const ADMIN_AUTH = `Basic ${Buffer.from('admin:bench-admin-password').toString('base64')}`;

/**
 * The seed's workshops are one season (2026) and, once it has passed, refuse bookings and board
 * posts. The benches measure a bookable catalog: every seed workshop that has started is scheduled
 * again two years later (id `{id}-{year}`, same capacity, through the admin API, as the admin would) and the
 * originals are archived, so the catalog lists 11 future runs of the same size as the seed's.
 * Returns the new ids, in the catalog's order.
 */
export async function scheduleFutureWorkshops(appUrl) {
  const headers = { authorization: ADMIN_AUTH, 'content-type': 'application/json' };
  const admin = async (method, p, body) => {
    const res = await fetch(`${appUrl}/api/admin${p}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    if (!res.ok) throw new Error(`${method} /api/admin${p} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const seed = await (await fetch(`${appUrl}/api/workshops`)).json();
  const ids = [];
  for (const w of seed) {
    if (!w.has_started) {
      ids.push(w.id);
      continue;
    }
    const year = Number(w.start_date.slice(0, 4)) + 2;
    const id = `${w.id.replace(/-\d{4}$/, '')}-${year}`;
    await admin('POST', `/workshops/${encodeURIComponent(w.id)}/schedule-again`, { id, start_date: `${year}${w.start_date.slice(4)}` });
    await admin('POST', `/workshops/${encodeURIComponent(w.id)}/archive`);
    ids.push(id);
  }
  // The catalog snapshot is refreshed on writes; wait until the public list shows the new runs only.
  for (let i = 0; ; i++) {
    const now = await (await fetch(`${appUrl}/api/workshops`)).json();
    if (now.length === ids.length && now.every((w) => ids.includes(w.id))) return ids;
    if (i > 100) throw new Error(`the catalog still lists ${now.map((w) => w.id).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The median of figures in any order (numbers or numeric strings): with an even count, the upper of the middle two. */
export function median(values) {
  return percentile(values.map(Number).sort((a, b) => a - b), 50);
}

/**
 * How fast this machine's core is right now: ms for a fixed loop of 2×10^8 additions (the best of
 * three), printed in every bench's header. The same machine type has run at very different
 * speeds on different days (round seventeen: the bare servers at 18,000–26,000 req/s against
 * 55,000–71,000 in round fifteen); compare figures across sessions only when this is close.
 */
export function yardstick() {
  const loop = () => {
    let x = 0;
    for (let i = 0; i < 2e8; i++) x += i;
    return x;
  };
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    if (loop() < 0) throw new Error('unreachable');
    best = Math.min(best, performance.now() - t0);
  }
  return Math.round(best);
}

/**
 * How fast this machine passes small messages between processes right now: µs per round trip of
 * one byte over a loopback TCP connection between two node processes (the best of three batches
 * of 3,000), printed beside the yardstick: a request to the app and a query to MariaDB are such
 * round trips. Neither yardstick caught everything: in round eighteen both held steady (188–214 ms,
 * 53–69 µs) while the same rush build's p99 went from 369 to 615 ms within the hour.
 */
export function loopbackYardstick() {
  const echo = `require('node:net').createServer((s) => s.on('data', (d) => s.write(d))).listen(0, '127.0.0.1', function () { process.send(this.address().port); });`;
  const client = `
    const net = require('node:net');
    const echo = require('node:child_process').spawn(process.execPath, ['-e', process.env.ECHO_CODE], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    echo.on('message', (port) => {
      const socket = net.connect(port, '127.0.0.1', async () => {
        socket.setNoDelay(true);
        const once = () => new Promise((resolve) => { socket.once('data', resolve); socket.write('x'); });
        let best = Infinity;
        for (let batch = 0; batch < 4; batch++) {
          const t0 = performance.now();
          for (let i = 0; i < 3000; i++) await once();
          if (batch > 0) best = Math.min(best, ((performance.now() - t0) * 1000) / 3000);
        }
        console.log(best.toFixed(0));
        socket.destroy();
        echo.kill();
      });
    });`;
  const run = spawnSync(process.execPath, ['-e', client], { env: { ...process.env, ECHO_CODE: echo }, encoding: 'utf8', timeout: 60_000 });
  return run.status === 0 && run.stdout.trim() ? `${run.stdout.trim()} µs` : 'unmeasured';
}

export function machine() {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, yardstick ${yardstick()} ms, loopback round trip ${loopbackYardstick()}`;
}
