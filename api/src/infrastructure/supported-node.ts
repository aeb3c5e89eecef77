/**
 * Stops the process on a Node.js that `engines` (api/package.json) does not allow, with one line
 * naming the Node to install (docs/decisions/054). main.ts imports this module first, before
 * anything loads better-sqlite3, whose Node-API binary crashes Node 20 with a segmentation fault.
 * `npm start` and `npm test` run the same check from api/scripts/check-node.mjs (plain JavaScript:
 * it runs before anything is built); a test holds the two to the same line.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/** The line to print when `version` is outside `engines`, or null when it is allowed. */
export function unsupportedNodeLine(version: string, engines: string): string | null {
  if (semver.satisfies(version, engines)) return null;
  // `^22.15.0 || >=24.11.0`: the newest line is the one to install, the others still work.
  const [newest, ...older] = engines
    .split('||')
    .map((range) => semver.minVersion(range.trim())!)
    .sort(semver.rcompare);
  const also = older.map((v) => `; Node.js ${v.major} from ${v.major}.${v.minor} also works`).join('');
  return `Node.js v${version} is not supported: install Node.js ${newest.major} LTS (${newest.major}.${newest.minor} or later${also}).`;
}

/** api/package.json's `engines.node` (the same in the root and web package.json, tested). */
export function apiEngines(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { engines: { node: string } };
  return pkg.engines.node;
}

const line = unsupportedNodeLine(process.versions.node, apiEngines());
if (line) {
  console.error(line);
  process.exit(1);
}
