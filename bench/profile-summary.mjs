// Where the time went: self time of a .cpuprofile (node --cpu-prof) by package and by function.
//   node bench/profile-summary.mjs bench/results/CPU....cpuprofile [top=25]
// FROM=s TO=s keep only the samples taken in that window (seconds since the profile started: the
// app's start-up, seeding and the bench's setup are left out); the busy time per second is printed
// to choose it. PER=n also prints µs per request for n requests served in the window.
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/profile-summary.mjs <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const FROM = Number(process.env.FROM ?? 0) * 1e6;
const TO = Number(process.env.TO ?? Infinity) * 1e6;
const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const self = new Map();
const busyPerSecond = [];
let at = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  const second = Math.floor(at / 1e6);
  busyPerSecond[second] = (busyPerSecond[second] ?? 0) + (idleIds.has(profile.samples[i]) ? 0 : dt);
  if (at < FROM || at >= TO) continue;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
console.log(`busy ms per second: ${Array.from(busyPerSecond, (b, i) => `${i}:${Math.round((b ?? 0) / 1000)}`).join(' ')}`);
const total = [...self.values()].reduce((a, b) => a + b, 0);

function packageOf(url) {
  if (!url) return '(native/V8)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node core';
  const app = /\/(api|web)\/dist\/([^/]+)/.exec(url);
  return app ? `app ${app[1]}/${app[2]}` : url;
}

const byPackage = new Map();
const byFunction = new Map();
for (const [id, t] of self) {
  const { callFrame: f } = nodes.get(id);
  const pkg = f.functionName === '(idle)' || f.functionName === '(program)' || f.functionName === '(garbage collector)' ? f.functionName : packageOf(f.url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
  const key = `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/')}:${f.lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + t);
}
const pct = (t) => `${((100 * t) / total).toFixed(1)}%`;
const busy = total - (byPackage.get('(idle)') ?? 0);
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy${process.env.PER ? `, ${Math.round(busy / Number(process.env.PER))} µs busy per request` : ''}`);
console.log('\nSelf time by package:');
for (const [k, t] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t).padStart(6)}  ${k}`);
console.log('\nSelf time by function:');
for (const [k, t] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(t).padStart(6)}  ${k}`);
