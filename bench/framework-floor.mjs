// Framework floor: what any answer from memory costs inside our HTTP stack, before the app's own
// work. Four servers, each in its own process, answer POST /graphql with the same body bytes
// (3,898 B, the size of the web app's catalog answer):
//   1. bare       node:http, two headers (the read-path bench's baseline)
//   2. fastify    Fastify 5 with its defaults, no logger
//   3. stack      Fastify as app.ts configures it: pino logger (level error) with its request
//                 logger made lazily (decision 109: no pino child per request), the request id, the same security headers (transport/security-headers),
//                 the request timer and AsyncLocalStorage context, @fastify/cookie, the JSON body
//                 parser, an onSend hook and the access-log controller; the answer is sent from a
//                 route preHandler, as a GraphQL cache hit is
// Prints req/s (median of ROUNDS) and each as a share of bare: the stack's share is the ceiling of
// the read-path bench's "POST /graphql workshops" ratio on this machine.
//   npm run build && node bench/framework-floor.mjs
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { machine, median, root } from './lib.mjs';

const require = createRequire(path.join(root, 'api/package.json'));
const autocannon = require('autocannon');
const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BYTES = 3898;

const SERVERS = {
  bare: `
    const http = require('node:http');
    const body = Buffer.alloc(${BYTES}, 'a');
    http.createServer((q, r) => {
      q.resume();
      q.on('end', () => {
        r.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
        r.end(body);
      });
    }).listen(0, '127.0.0.1', function () { process.send(this.address().port); });`,
  fastify: `
    const body = Buffer.alloc(${BYTES}, 'a');
    const app = require('fastify')();
    app.post('/graphql', async (q, r) => r.type('application/json; charset=utf-8').send(body));
    app.listen({ port: 0, host: '127.0.0.1' }).then(() => process.send(app.server.address().port));`,
  stack: `
    const Fastify = require('fastify');
    const http = require('node:http');
    const crypto = require('node:crypto');
    const { AsyncLocalStorage } = require('node:async_hooks');
    const { securityHeaders } = require('./dist/transport/security-headers.js');
    const body = Buffer.alloc(${BYTES}, 'a');
    const als = new AsyncLocalStorage();
    class AccessLog extends Fastify.LogController {
      incomingRequest() {}
      requestCompleted(_e, req, reply) {
        if (reply.statusCode < 500 && !reply.log.isLevelEnabled('info')) return;
        reply.log.info({ method: req.method, path: req.url.split('?')[0], status: reply.statusCode }, 'request');
      }
    }
    (async () => {
      const headers = await securityHeaders({ hsts: false });
      const app = Fastify({
        loggerInstance: require('pino')({ level: 'error' }),
        childLoggerFactory: require('./dist/infrastructure/logger.js').requestLoggerFactory,
        logController: new AccessLog(),
        requestIdHeader: false,
        genReqId: () => crypto.randomUUID(),
        return503OnClosing: true,
        forceCloseConnections: 'idle',
        serverFactory: (h) => http.createServer({ requestTimeout: 12000, headersTimeout: 10000, connectionsCheckingInterval: 1000 }, h),
      });
      app.addHook('onRequest', (req, reply, done) => {
        reply.headers(headers);
        reply.header('X-Request-Id', req.id);
        const timer = setTimeout(() => {}, 10000);
        timer.unref();
        req.timer = timer;
        als.run({ requestId: req.id }, done);
      });
      app.addHook('preHandler', (req, _reply, done) => als.run({ requestId: req.id }, done));
      app.addHook('onResponse', (req, _reply, done) => { clearTimeout(req.timer); done(); });
      await app.register(require('@fastify/cookie'));
      const parseJson = app.getDefaultJsonParser('error', 'error');
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => parseJson(req, text, done));
      app.route({
        method: 'POST',
        url: '/graphql',
        async preHandler(_req, reply) {
          return reply.code(200).headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).send(body);
        },
        async onSend(_req, _reply, payload) { return payload; },
        async handler() { throw new Error('not reached'); },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      process.send(app.server.address().port);
    })();`,
};

const run = (opts) => new Promise((resolve, reject) => autocannon({ connections: 50, duration: DURATION, ...opts }, (e, r) => (e ? reject(e) : resolve(r))));

const servers = {};
try {
  for (const [name, code] of Object.entries(SERVERS)) {
    const child = spawn(process.execPath, ['-e', code], { cwd: path.join(root, 'api'), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    servers[name] = { child, port: await new Promise((resolve, reject) => (child.once('message', resolve), child.once('exit', (c) => reject(new Error(`${name} exited with ${c}`))))) };
  }
  console.log(`framework-floor: ${BYTES} B answers, 50 connections, ${DURATION}s × ${ROUNDS} rounds; ${machine()}; ${new Date().toISOString()}`);
  const rps = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { port }] of Object.entries(servers)) {
      const opts = { url: `http://127.0.0.1:${port}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query Workshops { workshops { id name } }' }) };
      await run({ ...opts, duration: 1 });
      const r = await run(opts);
      if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      (rps[name] ??= []).push(r.requests.average);
    }
  }
  console.table(Object.entries(rps).map(([name, xs]) => ({ server: name, 'req/s': Math.round(median(xs)), 'of bare': `${Math.round((100 * median(xs)) / median(rps.bare))}%` })));
} finally {
  for (const { child } of Object.values(servers)) child.kill();
}
