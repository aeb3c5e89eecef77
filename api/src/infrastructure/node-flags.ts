import fs from 'node:fs';
import path from 'node:path';

/**
 * The flags production starts node with: api/package.json `nodeFlags` (docs/decisions/083).
 * `npm start`, the Docker CMD, the e2e servers and the benches' startApp pass the same (tested in
 * system-tests/node-flags.test.ts); main.ts says so in the log when the process was started without them.
 */
export function productionNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { nodeFlags?: string[] };
  return pkg.nodeFlags ?? [];
}

/** The flags of `wanted` this process was not started with (on its command line or in NODE_OPTIONS). */
export function missingNodeFlags(wanted: readonly string[], execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/).filter(Boolean)]);
  return wanted.filter((flag) => !given.has(flag));
}

/**
 * How much V8 lets the old generation grow past what the last full collection kept before it
 * collects again, on MySQL/MariaDB: 50% (V8 sizes it by itself, here up to ~3.6 times: 69 MB kept
 * at start-up let the old generation reach 252 MB). mysql2's rows arrive over several socket reads,
 * and what outlives two young collections while the exports stream is promoted and dies there; with
 * the bound the next full collection comes after ~50% of growth instead. Not on SQLite, whose
 * exports peak at ~230 MB without it and ran 10–15% slower with it (docs/decisions/106).
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Set by the app itself, at start-up (old-generation-bound.ts), so every way of starting it gets it,
 * when its database is MySQL/MariaDB; `--heap-growing-percent` on node's command line or in
 * NODE_OPTIONS takes precedence. V8 reads the setting each time it sizes the old generation after a
 * full collection. Returns whether it was set.
 */
export function boundOldGenerationGrowth(
  setFlags: (flags: string) => void,
  databaseUrl: string | undefined,
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  if (!databaseUrl || !/^(mysql|mariadb):/.test(databaseUrl)) return false;
  if ([...execArgv, ...nodeOptions.split(/\s+/)].some((f) => /^--heap[-_]growing[-_]percent(=|$)/.test(f))) return false;
  setFlags(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
