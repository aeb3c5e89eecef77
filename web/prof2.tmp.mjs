import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
const url = process.argv[2];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
const p = await ctx.newPage();
await p.goto(new URL('/favicon.svg', url).href);
const c = await ctx.newCDPSession(p);
await c.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await c.send('Profiler.enable');
await c.send('Profiler.setSamplingInterval', { interval: 100 });
await c.send('Profiler.start');
await p.goto(url);
await p.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
await p.waitForTimeout(1000);
const { profile } = await c.send('Profiler.stop');
await b.close();
const maps = new Map();
const name = (f) => {
  const file = f.url.split('/').pop();
  if (!file.endsWith('.js')) return `${f.functionName || '(anon)'} ${file}`;
  if (!maps.has(file)) { try { maps.set(file, new SourceMapConsumer(JSON.parse(fs.readFileSync('dist/assets/' + file + '.map', 'utf8')))); } catch { maps.set(file, null); } }
  const m = maps.get(file);
  if (!m) return `${f.functionName} ${file}`;
  const o = m.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
  return `${o.name ?? f.functionName ?? '(anon)'} ${o.source?.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${o.line}`;
};
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const ch of n.children ?? []) parent.set(ch, n.id);
const incl = new Map();
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  const seen = new Set();
  for (let x = id; x !== undefined; x = parent.get(x)) {
    const k = name(nodes.get(x).callFrame);
    if (seen.has(k)) continue; seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + dt);
  }
});
for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 45))) console.log((v / 1000).toFixed(1).padStart(8), k);
