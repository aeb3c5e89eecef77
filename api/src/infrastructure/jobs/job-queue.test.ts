import { ENTITIES } from '../../entities';
import pino from 'pino';
import { openDatabase, type Database } from '../db/data-source';
import { createTestDb, DB_KINDS, type TestDb } from '../../test/db';
import { JobState, type ClaimedJob, type JobHandler, type JobOutcome } from './job.types';
import { JobQueue, jobBackoffMs, type JobQueueOptions } from './job-queue';
import { JobWorker } from './job-worker';
import { ScheduledJob } from './scheduled-job.entity';
import { startTestServer } from '../../test/app';

const START = new Date('2026-03-02T09:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A pino logger whose lines the test can read. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string; [k: string]: unknown }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe.each(DB_KINDS)('job queue on %s', (kind) => {
  let t: TestDb;
  let now: Date;
  const clock = () => now;
  const opened: Database[] = [];
  // Every test registers kinds of its own, so rows left by another test never run in it.
  let testNo = 0;
  let kindName: (name: string) => string;

  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
  });
  afterAll(async () => {
    for (const db of opened) await db.close();
    await t?.drop();
  });
  beforeEach(() => {
    now = new Date(START);
    const n = ++testNo;
    kindName = (name) => `t${n}.${name}`;
  });

  function queue(options: Partial<JobQueueOptions> & { db?: Database } = {}) {
    const { logger, lines } = capturingLogger();
    const q = new JobQueue(options.db ?? t.db, clock, logger, options);
    return { q, lines };
  }

  /** A handler that counts its calls per key and answers `outcome`. */
  function counting(outcome: (job: ClaimedJob) => JobOutcome | Promise<JobOutcome> = () => ({ done: true })) {
    const calls = new Map<string, number>();
    const seen: ClaimedJob[] = [];
    const handler: JobHandler = async (job) => {
      calls.set(job.key, (calls.get(job.key) ?? 0) + 1);
      seen.push(job);
      // Give the other worker a turn, as real work (a Stripe call) would.
      await new Promise((r) => setImmediate(r));
      return outcome(job);
    };
    return { handler, calls, seen };
  }

  const row = (key: string) => t.db.manager.findOneOrFail(ScheduledJob, { where: { key } });

  it('schedules in the caller transaction, idempotently by key: the first row is kept, a rolled-back one never exists', async () => {
    const { q } = queue();
    const k = kindName('charge');
    await t.db.transaction(async (m) => {
      await q.schedule(m, { kind: k, key: `${k}:a`, dueAt: new Date(START.getTime() + DAY), payload: { bookingId: 'b1', n: 1 } });
      // The same key again in the same transaction: still one row, the first.
      await q.schedule(m, { kind: k, key: `${k}:a`, dueAt: new Date(START.getTime() + 2 * DAY), payload: { bookingId: 'other' } });
    });
    await t.db.transaction((m) => q.schedule(m, { kind: k, key: `${k}:a`, dueAt: START, payload: { bookingId: 'third' } }));
    await expect(
      t.db.transaction(async (m) => {
        await q.schedule(m, { kind: k, key: `${k}:rolled-back`, dueAt: START });
        throw new Error('the booking change failed');
      }),
    ).rejects.toThrow('the booking change failed');

    const rows = await q.list({ keyPrefix: `${k}:` });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: k,
      key: `${k}:a`,
      state: JobState.pending,
      attempts: 0,
      payload: { bookingId: 'b1', n: 1 },
      lockedBy: null,
      createdAt: START,
    });
    expect(rows[0]!.dueAt).toEqual(new Date(START.getTime() + DAY));
    expect(await q.findByKey(`${k}:rolled-back`)).toBeNull();
    await expect(t.db.transaction((m) => q.schedule(m, { kind: k, key: '', dueAt: START }))).rejects.toThrow(/key/);
    await expect(t.db.transaction((m) => q.schedule(m, { kind: k, key: `${k}:bad`, dueAt: new Date('nonsense') }))).rejects.toThrow(/dueAt/);
  });

  it('runs nothing before its due time; after the clock jumps days ahead, everything that fell due runs once (catch-up)', async () => {
    const { q } = queue();
    const k = kindName('remind');
    const { handler, calls, seen } = counting();
    q.register(k, handler);
    await t.db.transaction(async (m) => {
      for (const [i, offset] of [HOUR, DAY, 3 * DAY, 10 * DAY].entries()) {
        await q.schedule(m, { kind: k, key: `${k}:${i}`, dueAt: new Date(START.getTime() + offset), payload: { i } });
      }
    });

    expect(await q.runDue()).toEqual({ ran: 0, done: 0, retried: 0, failed: 0 });
    now = new Date(START.getTime() + HOUR - 1);
    expect((await q.runDue()).ran).toBe(0);

    // The server was down for five days: the three jobs due in between run, in due order, once.
    now = new Date(START.getTime() + 5 * DAY);
    expect(await q.runDue()).toEqual({ ran: 3, done: 3, retried: 0, failed: 0 });
    expect(seen.map((j) => j.payload.i)).toEqual([0, 1, 2]);
    expect(seen.every((j) => j.attempts === 1)).toBe(true);
    expect(await q.runDue()).toEqual({ ran: 0, done: 0, retried: 0, failed: 0 });
    expect([...calls.values()]).toEqual([1, 1, 1]);

    const done = await row(`${k}:0`);
    expect(done).toMatchObject({ state: JobState.done, attempts: 1, lockedBy: q.workerId, lockedUntil: null, finishedAt: now });
    expect((await row(`${k}:3`)).state).toBe(JobState.pending);
  });

  it('drains more than one batch in a run while batches come back full', async () => {
    const { q } = queue({ batchSize: 4 });
    const k = kindName('many');
    const { handler, calls } = counting();
    q.register(k, handler);
    await t.db.transaction(async (m) => {
      for (let i = 0; i < 10; i++) await q.schedule(m, { kind: k, key: `${k}:${i}`, dueAt: START });
    });
    expect(await q.runDue()).toEqual({ ran: 10, done: 10, retried: 0, failed: 0 });
    expect(calls.size).toBe(10);
  });

  it('two queues on two database connections racing over 50 due jobs run each exactly once', async () => {
    // A second Database on the same config: its own connection (pool on MariaDB), as a second instance has.
    const db2 = await openDatabase(t.config, { entities: ENTITIES });
    opened.push(db2);
    const k = kindName('race');
    const counter = counting();
    const a = queue({ batchSize: 5, workerId: 'worker-a' });
    const b = queue({ batchSize: 5, workerId: 'worker-b', db: db2 });
    a.q.register(k, counter.handler);
    b.q.register(k, counter.handler);
    await t.db.transaction(async (m) => {
      for (let i = 0; i < 50; i++) await a.q.schedule(m, { kind: k, key: `${k}:${i}`, dueAt: new Date(START.getTime() - i * MINUTE) });
    });

    const [ra, rb] = await Promise.all([a.q.runDue(), b.q.runDue()]);
    expect(ra.ran + rb.ran).toBe(50);
    expect(ra.done + rb.done).toBe(50);
    expect(counter.calls.size).toBe(50);
    expect([...counter.calls.values()].every((c) => c === 1)).toBe(true);
    if (kind === 'mysql') {
      // SKIP LOCKED: both really took part, neither waited for the other's rows.
      expect(ra.ran).toBeGreaterThan(0);
      expect(rb.ran).toBeGreaterThan(0);
    }
    const rows = await a.q.list({ keyPrefix: `${k}:`, limit: 500 });
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.state === JobState.done && r.attempts === 1)).toBe(true);
    expect(await Promise.all([a.q.runDue(), b.q.runDue()])).toEqual([
      { ran: 0, done: 0, retried: 0, failed: 0 },
      { ran: 0, done: 0, retried: 0, failed: 0 },
    ]);
  });

  it('a lapsed claim (the worker crashed mid-run) is run again by another queue, and the crashed worker’s late outcome is ignored', async () => {
    const k = kindName('charge');
    const crashed = queue({ workerId: 'crashed' });
    const other = queue({ workerId: 'other' });
    const stuck = deferred<JobOutcome>();
    const started = deferred<void>();
    let crashedCalls = 0;
    crashed.q.register(k, async () => {
      crashedCalls++;
      started.resolve();
      return stuck.promise;
    });
    const counter = counting(() => ({ done: true, note: 'charged by the other worker' }));
    other.q.register(k, counter.handler);
    await t.db.transaction((m) => crashed.q.schedule(m, { kind: k, key: `${k}:1`, dueAt: START }));

    const crashedRun = crashed.q.runDue();
    await started.promise;
    expect(await row(`${k}:1`)).toMatchObject({ state: JobState.running, lockedBy: 'crashed', attempts: 1 });
    // Within the lease nobody else touches it.
    now = new Date(START.getTime() + 4 * MINUTE);
    expect((await other.q.runDue()).ran).toBe(0);

    now = new Date(START.getTime() + 5 * MINUTE);
    expect(await other.q.runDue()).toEqual({ ran: 1, done: 1, retried: 0, failed: 0 });
    expect(counter.seen[0]).toMatchObject({ key: `${k}:1`, attempts: 2 });
    expect(other.lines.some((l) => l.msg.includes('running it again') && l.key === `${k}:1`)).toBe(true);

    // The crashed worker comes back to life and tries to record its (older) run: ignored.
    stuck.resolve({ retryAt: new Date(START.getTime() + DAY), note: 'stale' });
    expect(await crashedRun).toEqual({ ran: 1, done: 0, retried: 0, failed: 0 });
    expect(crashed.lines.some((l) => l.msg.includes('outcome ignored'))).toBe(true);
    expect(await row(`${k}:1`)).toMatchObject({ state: JobState.done, lockedBy: 'other', attempts: 2, note: 'charged by the other worker' });
    expect(crashedCalls).toBe(1);
    expect(counter.calls.get(`${k}:1`)).toBe(1);
  });

  it('retryAt puts the job back to pending with its new due time and note; it runs again then', async () => {
    const { q } = queue();
    const k = kindName('decline');
    const counter = counting((job) => (job.attempts === 1 ? { retryAt: new Date(START.getTime() + 3 * DAY), note: 'card declined, retry in 3 days' } : { done: true }));
    q.register(k, counter.handler);
    await t.db.transaction((m) => q.schedule(m, { kind: k, key: `${k}:1`, dueAt: START }));

    expect(await q.runDue()).toEqual({ ran: 1, done: 0, retried: 1, failed: 0 });
    const waiting = await row(`${k}:1`);
    expect(waiting).toMatchObject({ state: JobState.pending, attempts: 1, lockedUntil: null, note: 'card declined, retry in 3 days', finishedAt: null });
    expect(waiting.dueAt).toEqual(new Date(START.getTime() + 3 * DAY));

    now = new Date(START.getTime() + 3 * DAY - 1);
    expect((await q.runDue()).ran).toBe(0);
    now = new Date(START.getTime() + 3 * DAY);
    expect(await q.runDue()).toEqual({ ran: 1, done: 1, retried: 0, failed: 0 });
    expect(counter.seen.map((j) => j.attempts)).toEqual([1, 2]);
    expect(await row(`${k}:1`)).toMatchObject({ state: JobState.done, attempts: 2, note: null });
  });

  it('a throwing handler is retried with backoff (1 min, 5 min, 30 min, 2 h, then 6 h) and failed after 10 attempts, logged', async () => {
    const { q, lines } = queue();
    const k = kindName('flaky');
    const counter = counting(() => {
      throw new Error('provider unreachable');
    });
    q.register(k, counter.handler);
    await t.db.transaction((m) => q.schedule(m, { kind: k, key: `${k}:1`, dueAt: START }));

    const waits: number[] = [];
    for (let attempt = 1; attempt < 10; attempt++) {
      expect(await q.runDue()).toEqual({ ran: 1, done: 0, retried: 1, failed: 0 });
      const r = await row(`${k}:1`);
      expect(r).toMatchObject({ state: JobState.pending, attempts: attempt, lastError: 'Error: provider unreachable' });
      waits.push(r.dueAt.getTime() - now.getTime());
      // Not a moment early.
      now = new Date(r.dueAt.getTime() - 1);
      expect((await q.runDue()).ran).toBe(0);
      now = r.dueAt;
    }
    expect(waits).toEqual([MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 6 * HOUR, 6 * HOUR, 6 * HOUR, 6 * HOUR]);
    expect(waits).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(jobBackoffMs));

    expect(await q.runDue()).toEqual({ ran: 1, done: 0, retried: 0, failed: 1 });
    expect(await row(`${k}:1`)).toMatchObject({ state: JobState.failed, attempts: 10, finishedAt: now, lastError: 'Error: provider unreachable' });
    now = new Date(now.getTime() + 30 * DAY);
    expect((await q.runDue()).ran).toBe(0);
    expect(counter.calls.get(`${k}:1`)).toBe(10);
    expect(lines.filter((l) => l.msg.includes('will retry'))).toHaveLength(9);
    expect(lines.find((l) => l.msg.startsWith('JOB FAILED'))).toMatchObject({ level: 50, key: `${k}:1`, attempts: 10 });
  });

  it('a handler that gives up ({ failed }) ends the job at once', async () => {
    const { q } = queue();
    const k = kindName('give-up');
    q.register(k, counting(() => ({ failed: 'booking was cancelled meanwhile' })).handler);
    await t.db.transaction((m) => q.schedule(m, { kind: k, key: `${k}:1`, dueAt: START }));
    expect(await q.runDue()).toEqual({ ran: 1, done: 0, retried: 0, failed: 1 });
    expect(await row(`${k}:1`)).toMatchObject({ state: JobState.failed, attempts: 1, lastError: 'booking was cancelled meanwhile' });
  });

  it('an orphaned run on its last attempt is marked failed instead of run an eleventh time', async () => {
    const { q, lines } = queue();
    const k = kindName('poison');
    const counter = counting();
    q.register(k, counter.handler);
    await t.db.transaction((m) => q.schedule(m, { kind: k, key: `${k}:1`, dueAt: START }));
    await t.db.manager.update(ScheduledJob, { key: `${k}:1` }, { state: JobState.running, attempts: 10, lockedBy: 'dead', lockedUntil: START });
    expect((await q.runDue()).ran).toBe(0);
    expect(counter.calls.size).toBe(0);
    expect(await row(`${k}:1`)).toMatchObject({ state: JobState.failed, attempts: 10 });
    expect(lines.some((l) => l.level === 50 && l.key === `${k}:1`)).toBe(true);
  });

  it('cancelByKeyPrefix cancels the pending jobs under the prefix only (LIKE wildcards in it are literal); they never run', async () => {
    const { q } = queue();
    const k = kindName('booking');
    const counter = counting();
    q.register(k, counter.handler);
    const keys = [`${k}:b1:i1`, `${k}:b1:i2`, `${k}:b10:i1`, `${k}:b1_x`, `${k}:b1:done`];
    await t.db.transaction(async (m) => {
      for (const key of keys) await q.schedule(m, { kind: k, key, dueAt: new Date(START.getTime() + (key.endsWith('done') ? 0 : DAY)) });
    });
    expect((await q.runDue()).done).toBe(1);

    now = new Date(START.getTime() + HOUR);
    expect(await t.db.transaction((m) => q.cancelByKeyPrefix(m, `${k}:b1:`))).toBe(2);
    expect(await t.db.transaction((m) => q.cancelByKeyPrefix(m, `${k}:b_`))).toBe(0);
    expect(await row(`${k}:b1:i1`)).toMatchObject({ state: JobState.cancelled, finishedAt: now });
    expect((await row(`${k}:b1:done`)).state).toBe(JobState.done);

    now = new Date(START.getTime() + 2 * DAY);
    expect(await q.runDue()).toMatchObject({ ran: 2, done: 2 });
    expect([...counter.calls.keys()].sort()).toEqual([`${k}:b10:i1`, `${k}:b1:done`, `${k}:b1_x`]);
    expect((await q.list({ keyPrefix: `${k}:`, state: JobState.cancelled })).map((r) => r.key).sort()).toEqual([`${k}:b1:i1`, `${k}:b1:i2`]);
    await expect(t.db.transaction((m) => q.cancelByKeyPrefix(m, ''))).rejects.toThrow(/empty/);
  });

  it('reschedule moves a pending job; a job that is no longer pending is left alone', async () => {
    const { q } = queue();
    const k = kindName('move');
    const counter = counting();
    q.register(k, counter.handler);
    await t.db.transaction((m) => q.schedule(m, { kind: k, key: `${k}:1`, dueAt: new Date(START.getTime() + DAY) }));
    expect(await t.db.transaction((m) => q.reschedule(m, `${k}:1`, new Date(START.getTime() + 2 * DAY)))).toBe(true);
    now = new Date(START.getTime() + DAY);
    expect((await q.runDue()).ran).toBe(0);
    now = new Date(START.getTime() + 2 * DAY);
    expect((await q.runDue()).done).toBe(1);
    expect(await t.db.transaction((m) => q.reschedule(m, `${k}:1`, new Date(START.getTime() + 9 * DAY)))).toBe(false);
    expect(await t.db.transaction((m) => q.reschedule(m, `${k}:missing`, START))).toBe(false);
  });

  it('reopen puts a cancelled job back to pending at its new time, once; a pending or done job is left alone', async () => {
    const { q } = queue();
    const k = kindName('reopen');
    const counter = counting();
    q.register(k, counter.handler);
    await t.db.transaction((m) => q.schedule(m, { kind: k, key: `${k}:1`, dueAt: new Date(START.getTime() + DAY) }));
    expect(await t.db.transaction((m) => q.reopen(m, `${k}:1`, START))).toBe(false);
    expect(await t.db.transaction((m) => q.cancelByKeyPrefix(m, `${k}:`))).toBe(1);
    expect(await t.db.transaction((m) => q.reopen(m, `${k}:1`, new Date(START.getTime() + 3 * DAY)))).toBe(true);
    expect(await row(`${k}:1`)).toMatchObject({ state: JobState.pending, finishedAt: null });
    now = new Date(START.getTime() + 2 * DAY);
    expect((await q.runDue()).ran).toBe(0);
    now = new Date(START.getTime() + 3 * DAY);
    expect((await q.runDue()).done).toBe(1);
    expect(counter.calls.get(`${k}:1`)).toBe(1);
    expect(await t.db.transaction((m) => q.reopen(m, `${k}:1`, START))).toBe(false);
    expect((await row(`${k}:1`)).state).toBe(JobState.done);
  });

  it('a kind without a handler in this process is left pending and logged once', async () => {
    const { q, lines } = queue();
    const k = kindName('known');
    const unknown = kindName('from-a-newer-release');
    q.register(k, counting().handler);
    await t.db.transaction(async (m) => {
      await q.schedule(m, { kind: unknown, key: `${unknown}:1`, dueAt: START });
      await q.schedule(m, { kind: unknown, key: `${unknown}:2`, dueAt: START });
    });
    await q.runDue();
    await q.runDue();
    expect(await row(`${unknown}:1`)).toMatchObject({ state: JobState.pending, attempts: 0 });
    expect(lines.filter((l) => l.kind === unknown)).toHaveLength(1);
  });

  it('list filters by state, kind and key prefix, oldest due first, bounded', async () => {
    const { q } = queue();
    const k = kindName('listed');
    await t.db.transaction(async (m) => {
      for (let i = 0; i < 5; i++) await q.schedule(m, { kind: k, key: `${k}:${i}`, dueAt: new Date(START.getTime() + (5 - i) * HOUR) });
    });
    expect((await q.list({ kind: k })).map((r) => r.key)).toEqual([4, 3, 2, 1, 0].map((i) => `${k}:${i}`));
    expect(await q.list({ kind: k, limit: 2 })).toHaveLength(2);
    expect(await q.list({ kind: k, state: JobState.done })).toHaveLength(0);
    expect((await q.findByKey(`${k}:2`))?.kind).toBe(k);
  });

  it('never starts a claimed job with less than half its lease left: the rest of the batch is handed back, uncounted', async () => {
    const { q } = queue({ leaseMs: 10 * MINUTE });
    const k = kindName('slow');
    const ran: string[] = [];
    q.register(k, async (job) => {
      ran.push(job.key);
      // Slow work: six minutes pass while it runs.
      now = new Date(now.getTime() + 6 * MINUTE);
      return { done: true };
    });
    await t.db.transaction(async (m) => {
      for (let i = 0; i < 3; i++) await q.schedule(m, { kind: k, key: `${k}:${i}`, dueAt: new Date(START.getTime() - (3 - i) * MINUTE) });
    });
    expect(await q.runDue()).toEqual({ ran: 1, done: 1, retried: 0, failed: 0 });
    expect(await row(`${k}:1`)).toMatchObject({ state: JobState.pending, attempts: 0, lockedBy: null });
    expect(await q.runDue()).toEqual({ ran: 1, done: 1, retried: 0, failed: 0 });
    expect(await q.runDue()).toEqual({ ran: 1, done: 1, retried: 0, failed: 0 });
    expect(ran).toEqual([0, 1, 2].map((i) => `${k}:${i}`));
    expect((await q.list({ kind: k })).map((r) => r.attempts)).toEqual([1, 1, 1]);
  });

  it('JobWorker: start() runs what is due at once, not after the first interval; stop() waits for the run', async () => {
    const { q } = queue();
    const k = kindName('worker');
    const counter = counting();
    q.register(k, counter.handler);
    await t.db.transaction(async (m) => {
      for (let i = 0; i < 3; i++) await q.schedule(m, { kind: k, key: `${k}:${i}`, dueAt: new Date(START.getTime() - i * DAY) });
    });
    const worker = new JobWorker(q, pino({ level: 'silent' }), { intervalMs: HOUR });
    worker.start();
    try {
      for (let i = 0; i < 200 && counter.calls.size < 3; i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      await worker.stop();
    }
    expect(counter.calls.size).toBe(3);
    expect((await q.list({ kind: k })).every((r) => r.state === JobState.done)).toBe(true);
  });

  it('JobWorker.stop() mid-batch finishes the job in flight and hands the rest back, uncounted', async () => {
    const { q } = queue();
    const k = kindName('stopping');
    const gate = deferred<void>();
    const started = deferred<void>();
    const ran: string[] = [];
    q.register(k, async (job) => {
      ran.push(job.key);
      started.resolve();
      await gate.promise;
      return { done: true };
    });
    await t.db.transaction(async (m) => {
      for (let i = 0; i < 3; i++) await q.schedule(m, { kind: k, key: `${k}:${i}`, dueAt: new Date(START.getTime() - (3 - i) * MINUTE) });
    });
    const worker = new JobWorker(q, pino({ level: 'silent' }), { intervalMs: HOUR });
    worker.start();
    await started.promise;
    const stopped = worker.stop();
    gate.resolve();
    await stopped;
    expect(ran).toEqual([`${k}:0`]);
    expect(await row(`${k}:0`)).toMatchObject({ state: JobState.done, attempts: 1 });
    expect(await row(`${k}:1`)).toMatchObject({ state: JobState.pending, attempts: 0, lockedBy: null, lockedUntil: null });
    expect(await row(`${k}:2`)).toMatchObject({ state: JobState.pending, attempts: 0 });
  });
});

describe.each(DB_KINDS)('services.jobs in the test server on %s', (kind) => {
  it('is built with the test’s clock: a test moves it and calls runDue() itself (no worker runs in tests)', async () => {
    let now = new Date(START);
    const s = await startTestServer(kind, {}, undefined, { clock: () => now });
    try {
      const seen: string[] = [];
      s.services.jobs.register('test.reminder', async (job) => {
        seen.push(job.key);
        return { done: true };
      });
      await s.services.db.transaction((m) => s.services.jobs.schedule(m, { kind: 'test.reminder', key: 'booking:b1:reminder', dueAt: new Date(START.getTime() + 7 * DAY) }));
      expect((await s.services.jobs.runDue()).ran).toBe(0);
      now = new Date(START.getTime() + 8 * DAY);
      expect(await s.services.jobs.runDue()).toEqual({ ran: 1, done: 1, retried: 0, failed: 0 });
      expect(seen).toEqual(['booking:b1:reminder']);
      expect(await s.services.jobs.findByKey('booking:b1:reminder')).toMatchObject({ state: JobState.done, finishedAt: now });
    } finally {
      await s.close();
    }
  });
});
