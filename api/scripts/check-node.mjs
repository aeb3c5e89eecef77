// Stops on a Node.js that `engines` (api/package.json) does not allow, with one line naming the
// Node to install (docs/decisions/054). `npm test` runs it first and ensure-built.mjs (`npm start`)
// imports it first. Plain JavaScript, so it runs before anything is built; api/dist/main.js does the
// same through api/src/infrastructure/supported-node.ts, and a test holds the two to the same line.
import fs from 'node:fs';
import semver from 'semver';

const engines = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const version = process.versions.node;
if (!semver.satisfies(version, engines)) {
  // `^22.15.0 || >=24.11.0`: the newest line is the one to install, the others still work.
  const [newest, ...older] = engines
    .split('||')
    .map((range) => semver.minVersion(range.trim()))
    .sort(semver.rcompare);
  const also = older.map((v) => `; Node.js ${v.major} from ${v.major}.${v.minor} also works`).join('');
  console.error(`Node.js v${version} is not supported: install Node.js ${newest.major} LTS (${newest.major}.${newest.minor} or later${also}).`);
  process.exit(1);
}
