// `npm start` runs this first: build the api and/or the web app when their
// output is missing or older than their sources, so a fresh clone (or a pull)
// starts with one command.
// First: on a Node.js that `engines` does not allow, stop here with one line saying which to install.
import './check-node.mjs';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  if (!fs.statSync(dir).isDirectory()) return fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

function stale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

const targets = [
  { name: 'api', outputs: ['api/dist/main.js'], sources: ['api/src'] },
  {
    name: 'web',
    // The browser app, the server renderer and the generated responsive images (web/package.json build).
    outputs: ['web/dist/index.html', 'web/dist-server/entry-server.cjs', 'web/dist/images/r'],
    sources: ['web/src', 'web/public', 'web/scripts', 'web/index.html', 'web/vite.config.ts', 'api/src/shared'],
  },
];
// `node api/scripts/ensure-built.mjs web` checks only the web app (the api's SSR tests use it).
const only = process.argv.slice(2);
for (const t of targets) {
  if (only.length && !only.includes(t.name)) continue;
  if (t.outputs.some((o) => stale(path.join(root, o), t.sources))) {
    console.log(`Building ${t.name}...`);
    // A production build whatever the caller's NODE_ENV (Jest sets `test`, which would give Vite
    // React's development build).
    execSync(`npm run build -w ${t.name}`, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
}
