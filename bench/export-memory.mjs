// The app's memory around the admin's whole-list exports (docs/decisions/082, 083): start the built
// app on an existing database (a 100-season one kept by `KEEP_DB=1 SEASONS=100 node bench/data-growth.mjs`),
// then read the catalog and three of each export, printing VmRSS/VmHWM (MB) after each step.
//   BENCH_NODE_FLAGS=none node bench/export-memory.mjs sqlite:/tmp/bench-xxxx/bench.db
//   BENCH_NODE_FLAGS=--max-semi-space-size=4 node bench/export-memory.mjs mysql://root@127.0.0.1:3306/bench_xxxx
// (without BENCH_NODE_FLAGS: api/package.json's nodeFlags, as production starts).
import fs from 'node:fs';
import { load, productionNodeFlags, startApp } from './lib.mjs';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: node bench/export-memory.mjs <DATABASE_URL of a kept data-growth database>');
const ADMIN = { authorization: `Basic ${Buffer.from('admin:bench-admin-password').toString('base64')}` };
const app = await startApp(databaseUrl.startsWith('mysql') ? 'mysql' : 'sqlite', {}, { databaseUrl });
const mem = () => {
  const st = fs.readFileSync(`/proc/${app.pid}/status`, 'utf8');
  return `${Math.round(st.match(/VmRSS:\s+(\d+)/)[1] / 1024)}/${Math.round(st.match(/VmHWM:\s+(\d+)/)[1] / 1024)}`;
};
const out = [`start ${mem()}`];
try {
  for (const p of ['/api/workshops', '/api/admin/bookings', '/api/admin/messages', '/api/admin/overdue']) {
    for (let i = 0; i < 3; i++) await (await fetch(`${app.url}${p}`, { headers: ADMIN })).arrayBuffer();
    out.push(`${p} ${mem()}`);
  }
} finally {
  await app.stop({ keepDatabase: true });
}
console.log(`node ${productionNodeFlags().join(' ') || '(no flags)'}; load ${load()}; VmRSS/VmHWM MB: ${out.join(' | ')}`);
