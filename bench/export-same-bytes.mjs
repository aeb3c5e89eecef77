// The admin's whole-list exports of two builds on one kept database, byte for byte (decision 110):
// every sort and direction, filters and a cursor; prints the size and SHA-256 of each answer and
// exits 1 on the first difference.
//   COMPARE_MAIN=/tmp/base/api/dist/main.js node bench/export-same-bytes.mjs <DATABASE_URL of a kept data-growth database>
import crypto from 'node:crypto';
import path from 'node:path';
import { root, startApp } from './lib.mjs';

const databaseUrl = process.argv[2];
if (!databaseUrl || !process.env.COMPARE_MAIN) throw new Error('usage: COMPARE_MAIN=<other api/dist/main.js> node bench/export-same-bytes.mjs <DATABASE_URL>');
const ADMIN = { authorization: `Basic ${Buffer.from('admin:bench-admin-password').toString('base64')}` };
const kind = databaseUrl.startsWith('mysql') ? 'mysql' : 'sqlite';
const paths = ['/api/admin/messages', '/api/admin/messages?direction=asc', '/api/admin/messages?topic=ride_sharing', '/api/admin/messages?from=2000-01-01T00:00:00Z&to=2090-01-01T00:00:00Z', '/api/admin/overdue'];
for (const sortBy of ['created', 'name', 'workshop', 'spots', 'paid', 'status']) for (const direction of ['asc', 'desc']) paths.push(`/api/admin/bookings?sort_by=${sortBy}&direction=${direction}`);
paths.push('/api/admin/bookings', '/api/admin/bookings?status=confirmed', '/api/admin/bookings?payment_status=deposit_paid&sort_by=paid', '/api/admin/bookings?text=smith', '/api/admin/bookings?from=2020-01-01T00:00:00Z');
// Both apps run at once and each path is read from one then the other (then the first again on a
// difference): the apps' own jobs (the hold sweeper) change a few rows of the data as they run.
const apps = [];
try {
  for (const main of [path.join(root, 'api/dist/main.js'), process.env.COMPARE_MAIN]) apps.push(await startApp(kind, {}, { databaseUrl, main }));
  const read = async (app, p) => {
    const res = await fetch(`${app.url}${p}`, { headers: ADMIN });
    const body = Buffer.from(await res.arrayBuffer());
    return { digest: `${res.status} ${body.length} B ${crypto.createHash('sha256').update(body).digest('hex').slice(0, 16)}`, res, body };
  };
  // A cursor from a page of each list, then the whole list after it.
  for (const p of ['/api/admin/bookings?sort_by=name&direction=asc', '/api/admin/bookings', '/api/admin/messages', '/api/admin/bookings?status=confirmed&sort_by=spots']) {
    const { res } = await read(apps[1], `${p}${p.includes('?') ? '&' : '?'}limit=200`);
    paths.push(`${p}${p.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(res.headers.get('x-next-cursor'))}`);
  }
  for (const p of paths) {
    const a = await read(apps[0], p);
    const b = await read(apps[1], p);
    const again = a.digest === b.digest ? a : await read(apps[0], p);
    const same = again.digest === b.digest;
    console.log(`${same ? 'same' : 'DIFFERENT'} ${p.replace(/cursor=[^&]+/, 'cursor=(after page 1)')}: ${b.digest}${same ? '' : ` against ${again.digest}`}`);
    if (!same) {
      // Which rows and fields differ: a row the sweeper changed between the reads differs in its status and money only.
      const x = JSON.parse(again.body.toString());
      const y = JSON.parse(b.body.toString());
      const fields = new Set();
      let rows = 0;
      let bytesOfSameRowsDiffer = false;
      const yById = new Map(y.map((r) => [r.id, r]));
      for (const r of x) {
        const o = yById.get(r.id);
        if (!o) { rows++; fields.add('(row only in one)'); continue; }
        if (JSON.stringify(r) === JSON.stringify(o)) continue;
        rows++;
        for (const k of Object.keys(r)) if (JSON.stringify(r[k]) !== JSON.stringify(o[k])) fields.add(k);
        if (Object.keys(r).join() !== Object.keys(o).join()) bytesOfSameRowsDiffer = true;
      }
      const unchanged = x.filter((r) => yById.has(r.id) && JSON.stringify(r) === JSON.stringify(yById.get(r.id))).map((r) => JSON.stringify(r));
      console.log(`  ${rows} rows differ (fields: ${[...fields].join(', ')})${bytesOfSameRowsDiffer ? ', key order differs' : ''}; the ${unchanged.length} others are the same text`);
      if (!fields.size || [...fields].some((f) => !['status', 'payment_status', 'balance', 'hold_expires_at', '(row only in one)'].includes(f))) process.exitCode = 1;
    }
    if (a.res.status !== 200) process.exitCode = 1;
  }
} finally {
  for (const app of apps) await app.stop({ keepDatabase: true });
}
