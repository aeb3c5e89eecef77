import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ensureBuilt, API_ROOT } from '../test/app-process';
import { accessLogger, createLogger, LazyRequestLogger, LOG_FLUSH_MS, requestLoggerFactory } from './logger';
import { requestContext } from './request-context';

function captured(): { lines: Array<Record<string, unknown>>; sink: Writable } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, sink };
}

describe('createLogger', () => {
  it('never writes a link token (a manage or traveller link, as a header or a field) nor the admin credential', () => {
    const { lines, sink } = captured();
    const logger = createLogger('info', sink);
    logger.info({ req: { headers: { 'x-traveller-token': 'secret-traveller', 'x-manage-token': 'secret-manage', authorization: 'Basic c2VjcmV0' } }, body: { token: 'secret-body' }, token: 'secret-top' }, 'a request');
    const text = JSON.stringify(lines);
    for (const secret of ['secret-traveller', 'secret-manage', 'c2VjcmV0', 'secret-body', 'secret-top']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('puts the request id on a line written while serving a request, once, and on no other', () => {
    const { lines, sink } = captured();
    const logger = createLogger('info', sink);
    logger.info('outside');
    requestContext.run({ requestId: 'req-12345678' }, () => {
      logger.info('inside');
      logger.info({ reqId: 'given-12345678' }, 'given');
      logger.child({ reqId: 'child-12345678' }).info('child');
      logger.child({ other: { reqId: 'nested' } }).info('nested binding');
    });
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['outside', undefined],
      ['inside', 'req-12345678'],
      ['given', 'given-12345678'],
      ['child', 'child-12345678'],
      ['nested binding', 'req-12345678'],
    ]);
  });

  it('writes standard output asynchronously and loses no line when the process exits at once (pino flushes on exit)', () => {
    ensureBuilt();
    const script = `
      const { createLogger } = require(${JSON.stringify(`${API_ROOT}/dist/infrastructure/logger.js`)});
      const logger = createLogger('info');
      for (let i = 0; i < 20000; i++) logger.info({ i }, 'line');
      process.exit(0);
    `;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { i: number });
    expect(lines).toHaveLength(20000);
    expect(lines[19999].i).toBe(19999);
  });

  it('writes a quiet process\'s lines within LOG_FLUSH_MS, without waiting for more lines or the exit', () => {
    ensureBuilt();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'log-')), 'out.log');
    const out = fs.openSync(file, 'w');
    const script = `
      const { createLogger } = require(${JSON.stringify(`${API_ROOT}/dist/infrastructure/logger.js`)});
      createLogger('info').info({ reqId: 'quiet-12345678' }, 'request');
      // Killed without a chance to flush: only what was written by then is in the file.
      setTimeout(() => process.kill(process.pid, 'SIGKILL'), ${LOG_FLUSH_MS * 3});
    `;
    spawnSync(process.execPath, ['-e', script], { stdio: ['ignore', out, 'inherit'] });
    fs.closeSync(out);
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { reqId: string; msg: string });
    expect(lines).toEqual([expect.objectContaining({ reqId: 'quiet-12345678', msg: 'request' })]);
  });

  // Decision 109: no pino child per request, the access line without redaction, lines handed over per turn.
  it("makes a request's pino child only when a line is written through it, and that line is the child's", () => {
    const { lines, sink } = captured();
    const logger = createLogger('info', sink);
    const child = jest.spyOn(logger, 'child');
    const lazy = requestLoggerFactory(logger, { reqId: 'lazy-12345678' }, {}) as unknown as LazyRequestLogger;
    expect(lazy.isLevelEnabled('info')).toBe(true);
    expect(lazy.isLevelEnabled('debug')).toBe(false);
    lazy.debug('not written');
    expect(lazy.level).toBe('info');
    expect(child).not.toHaveBeenCalled();
    lazy.info({ a: 1 }, 'through the request logger');
    lazy.warn('again');
    expect(child).toHaveBeenCalledTimes(1);
    logger.child({ reqId: 'lazy-12345678' }).info({ a: 1 }, 'through the request logger');
    const strip = (l: Record<string, unknown>) => ({ ...l, time: 0 });
    expect(lines.map(strip)).toEqual([
      strip({ level: 30, time: 0, service: 'api', reqId: 'lazy-12345678', a: 1, msg: 'through the request logger' }),
      strip({ level: 40, time: 0, service: 'api', reqId: 'lazy-12345678', msg: 'again' }),
      strip({ level: 30, time: 0, service: 'api', reqId: 'lazy-12345678', a: 1, msg: 'through the request logger' }),
    ]);
  });

  it('writes the access line without redaction as the same bytes as a request child writes it', () => {
    const texts: string[] = [];
    const logger = createLogger('info', { write: (t: string) => void texts.push(t.replace(/"time":\d+/, '"time":0')) });
    const line = { method: 'GET', path: '/api/workshops', status: 200, ms: 0.4 };
    logger.child({ reqId: 'access-12345678' }).info(line, 'request');
    accessLogger(logger).info({ reqId: 'access-12345678', ...line }, 'request');
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(texts[0]);
    // Other lines stay redacted.
    logger.info({ token: 'secret-token' }, 'x');
    expect(texts[2]).not.toContain('secret-token');
  });
});
