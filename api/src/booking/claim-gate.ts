/**
 * An in-process gate in front of the booking transactions of one workshop
 * (docs/decisions/107). It counts the spots this process's attempts are
 * claiming right now; an attempt whose spots, added to those, would not fit in
 * what the catalog shows left waits until one of them ends, then reads the
 * catalog again (the fast refusal, updated by the commits) and either passes
 * or is refused there, instead of queuing a whole transaction whose claim
 * would fail (on MariaDB behind the run's row lock, on SQLite behind the one
 * writer).
 *
 * The gate never refuses: only the catalog's committed figures (as before) or
 * the claim in the transaction do. Several app instances share one database,
 * so the claim stays the only arbiter; the gate only saves this process wasted
 * work. An attempt alone (nothing in flight for its workshop) always passes.
 */
export class ClaimGate {
  private readonly runs = new Map<string, { claiming: number; waiters: Array<() => void> }>();

  /**
   * @param maxWaitMs how long an attempt waits at most before it goes on to its transaction anyway
   *   (an attempt in flight that hangs, or others that keep failing for reasons of their own while
   *   new ones pass): waiting only ever saves work, so giving up waiting is always safe.
   */
  constructor(private readonly maxWaitMs = 1000) {}

  /** Spots this process's attempts are claiming on `workshopId` now. */
  claiming(workshopId: string): number {
    return this.runs.get(workshopId)?.claiming ?? 0;
  }

  /**
   * Run `work` (the attempt's transaction) once the spots in flight leave room for
   * `spots` among those `left()` says remain. `left` is read before each try: it may
   * throw (the fast refusal), and answers Infinity when the catalog cannot tell
   * (a lapsed hold was just released: the claim decides).
   */
  async pass<T>(workshopId: string, spots: number, left: () => Promise<number>, work: () => Promise<T>): Promise<T> {
    const until = Date.now() + this.maxWaitMs;
    for (;;) {
      const free = await left();
      const run = this.runs.get(workshopId);
      const wait = until - Date.now();
      if (!run || run.claiming === 0 || run.claiming + spots <= free || wait <= 0) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        run.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    let run = this.runs.get(workshopId);
    if (!run) this.runs.set(workshopId, (run = { claiming: 0, waiters: [] }));
    run.claiming += spots;
    try {
      return await work();
    } finally {
      run.claiming -= spots;
      // Everyone waiting reads the catalog again; the entry goes when nobody uses it.
      const waiters = run.waiters.splice(0);
      if (run.claiming === 0 && this.runs.get(workshopId) === run) this.runs.delete(workshopId);
      for (const wake of waiters) wake();
    }
  }
}
