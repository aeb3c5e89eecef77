import { ClaimGate } from './claim-gate';

/** The in-process gate in front of a workshop's booking transactions (docs/decisions/107). */
describe('ClaimGate', () => {
  const deferred = <T>() => {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
  const tick = () => new Promise((r) => setImmediate(r));

  it('lets attempts through while the spots in flight fit in what is left, and holds the others until one ends', async () => {
    const gate = new ClaimGate();
    let left = 4;
    const reads: string[] = [];
    const first = deferred<string>();
    const second = deferred<string>();
    const a = gate.pass('w', 2, async () => (reads.push('a'), left), () => first.promise);
    const b = gate.pass('w', 2, async () => (reads.push('b'), left), () => second.promise);
    await tick();
    expect(gate.claiming('w')).toBe(4);
    let thirdRan = false;
    const c = gate.pass('w', 1, async () => (reads.push('c'), left), async () => ((thirdRan = true), 'c'));
    await tick();
    // 4 in flight + 1 > 4 left: c waits, it is not refused.
    expect(thirdRan).toBe(false);
    // Another workshop is not held up.
    await expect(gate.pass('other', 3, async () => 3, async () => 'other')).resolves.toBe('other');
    // a booked its 2 (the catalog says 2 left now): c reads again, 2 in flight + 1 > 2, waits on.
    left = 2;
    first.resolve('a');
    await expect(a).resolves.toBe('a');
    await tick();
    expect(thirdRan).toBe(false);
    // b failed (not a booking): its spots are still there, c goes through.
    second.reject(new Error('hold limit'));
    await expect(b).rejects.toThrow('hold limit');
    await expect(c).resolves.toBe('c');
    expect(reads).toEqual(['a', 'b', 'c', 'c', 'c']);
    expect(gate.claiming('w')).toBe(0);
  });

  it('never refuses on its own: a refusal comes from reading what is left (the catalog), after the attempts in flight end', async () => {
    const gate = new ClaimGate();
    let left = 3;
    const first = deferred<string>();
    const a = gate.pass('w', 3, async () => left, () => first.promise);
    const soldOut = new Error('SOLD_OUT');
    const b = gate.pass(
      'w',
      1,
      async () => {
        if (left === 0) throw soldOut;
        return left;
      },
      async () => 'b',
    );
    await tick();
    left = 0;
    first.resolve('a');
    await expect(a).resolves.toBe('a');
    await expect(b).rejects.toBe(soldOut);
  });

  it('lets an attempt alone through whatever the catalog says (the claim decides), and when the catalog cannot tell', async () => {
    const gate = new ClaimGate();
    await expect(gate.pass('w', 5, async () => 2, async () => 'alone')).resolves.toBe('alone');
    const first = deferred<string>();
    const a = gate.pass('w', 2, async () => 2, () => first.promise);
    await tick();
    await expect(gate.pass('w', 3, async () => Infinity, async () => 'lapsed holds released')).resolves.toBe('lapsed holds released');
    first.resolve('a');
    await a;
  });

  it('lets a waiting attempt go on to its transaction after maxWaitMs, whatever is in flight', async () => {
    const gate = new ClaimGate(20);
    const first = deferred<string>();
    const a = gate.pass('w', 2, async () => 2, () => first.promise);
    await tick();
    const started = Date.now();
    await expect(gate.pass('w', 1, async () => 2, async () => 'went on')).resolves.toBe('went on');
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    first.resolve('a');
    await a;
  });
});
