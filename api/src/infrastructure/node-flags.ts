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
