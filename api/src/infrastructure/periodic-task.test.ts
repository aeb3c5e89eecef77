import pino from 'pino';
import { PeriodicTask, type PeriodicTaskOptions } from './periodic-task';

const silent = pino({ level: 'silent' });
const HOUR = 3_600_000;

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function task(run: PeriodicTaskOptions<number>['run'], more: Partial<PeriodicTaskOptions<number>> = {}, logger = silent) {
  return new PeriodicTask<number>({ name: 'test task', intervalMs: HOUR, runAtStart: false, run, nothing: -1, didWork: (n) => n > 0, ...more }, logger);
}

describe('PeriodicTask', () => {
  it('never runs two passes at once: a call during a pass gets that pass', async () => {
    const gate = deferred<number>();
    const run = jest.fn(() => gate.promise);
    const t = task(run);
    const a = t.runOnce();
    const b = t.runOnce();
    expect(run).toHaveBeenCalledTimes(1);
    gate.resolve(3);
    expect(await a).toBe(3);
    expect(await b).toBe(3);
    // the next call starts a new pass
    run.mockResolvedValueOnce(5);
    expect(await t.runOnce()).toBe(5);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('a failed pass is logged and answers `nothing`; the next pass runs again', async () => {
    const lines: unknown[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l)) });
    const run = jest.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValueOnce(2);
    const t = task(run, {}, logger);
    expect(await t.runOnce()).toBe(-1);
    expect(await t.runOnce()).toBe(2);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'test task failed', err: 'database gone' }),
      expect.objectContaining({ level: 30, msg: 'test task', report: 2 }),
    ]);
  });

  it('start() runs at once only with runAtStart; the timer runs it after each interval', async () => {
    jest.useFakeTimers();
    try {
      const now = jest.fn(async () => 1);
      const at = task(now, { runAtStart: true, intervalMs: 1000 });
      at.start();
      expect(now).toHaveBeenCalledTimes(1);
      const later = jest.fn(async () => 1);
      const lt = task(later, { intervalMs: 1000 });
      lt.start();
      expect(later).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1000);
      expect(later).toHaveBeenCalledTimes(1);
      expect(now).toHaveBeenCalledTimes(2);
      await at.stop();
      await lt.stop();
      await jest.advanceTimersByTimeAsync(5000);
      expect(later).toHaveBeenCalledTimes(1);
      expect(now).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('stop() tells the pass to finish early and waits for it', async () => {
    const gate = deferred<void>();
    const seen: boolean[] = [];
    const t = task(async (shouldContinue) => {
      seen.push(shouldContinue());
      await gate.promise;
      seen.push(shouldContinue());
      return 1;
    });
    const pass = t.runOnce();
    let stopped = false;
    const stopping = t.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(await pass).toBe(1);
    expect(seen).toEqual([true, false]);
  });
});
