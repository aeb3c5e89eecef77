// A burst of new connections at a busy Node server, without the app: a bare node:http server in a child
// process that spends WORK_MS (1) of CPU per POST, and 100 client workers as bench/booking-rush.mjs has them
// (a keep-alive agent of one socket each, 1,000 POSTs in all, every connection opened by the first wave).
// Prints, per round, the latencies and how the server's 'connection' events spread: on this machine some
// of the first wave's connections were taken a second or more after the client had connected (round
// seventeen), which is what booking-rush's cold p99 measured on SQLite.
//   node bench/accept-burst.mjs          Env: WORK_MS (1), ROUNDS (4)
import http from 'node:http';
import { fork } from 'node:child_process';
import { setImmediate } from 'node:timers';
import { load, machine, percentile } from './lib.mjs';
if (process.argv[2] === 'server') {
  const WORK = Number(process.env.WORK_MS ?? 1);
  const accepts = [];
  const srv = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const t = performance.now(); while (performance.now() - t < WORK) { /* spin */ }
      setImmediate(() => { res.writeHead(409, { 'content-type': 'application/json' }); res.end('{"error":"sold out"}'); });
    });
  });
  srv.on('connection', () => accepts.push(performance.now()));
  srv.listen(0, () => process.send({ port: srv.address().port }));
  process.on('message', (m) => { if (m === 'report') { const t0 = accepts[0]; process.send({ accepts: accepts.map((a) => Math.round(a - t0)) }); accepts.length = 0; } });
} else {
  const child = fork(new URL(import.meta.url).pathname, ['server'], { env: process.env });
  const { port } = await new Promise((r) => child.once('message', r));
  console.log(`accept-burst: 100 client agents, 1,000 POSTs per round, ${process.env.WORK_MS ?? 1} ms of CPU per POST on the server; ${machine()}; ${new Date().toISOString()}`);
  for (let round = 0; round < Number(process.env.ROUNDS ?? 4); round++) {
    let next = 0; const lat = [];
    const payload = JSON.stringify({ a: 'x'.repeat(500) });
    const worker = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (next < 1000) {
        next++; const t0 = performance.now();
        await new Promise((resolve, reject) => { const r = http.request(`http://127.0.0.1:${port}/api/bookings`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => { res.resume(); res.on('end', resolve); }); r.on('error', reject); r.end(payload); });
        lat.push(performance.now() - t0);
      }
      agent.destroy();
    };
    await Promise.all(Array.from({ length: 100 }, worker));
    lat.sort((a, b) => a - b);
    child.send('report');
    const { accepts } = await new Promise((r) => child.once('message', r));
    console.log(`round ${round} (load ${load()}): p50 ${percentile(lat, 50).toFixed(0)} p99 ${percentile(lat, 99).toFixed(0)} max ${lat.at(-1).toFixed(0)} ms; accepts spread ${accepts.at(-1)} ms, over 200 ms: ${accepts.filter((a) => a > 200).length}`);
  }
  child.kill();
}
