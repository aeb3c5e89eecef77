import type { Logger } from './logger';

export interface PeriodicTaskOptions<R> {
  /** What the log lines call the task ("hold sweep", "mail outbox run"). */
  name: string;
  intervalMs: number;
  /**
   * Run at once on start(), not only after the first interval: work that fell due
   * while the process was down is caught up within seconds of a start.
   */
  runAtStart: boolean;
  /** One pass. `shouldContinue()` turns false once stop() is called: a long pass ends early. */
  run: (shouldContinue: () => boolean) => Promise<R>;
  /** The pass's report when it failed (after the failure is logged). */
  nothing: R;
  /** Whether a report is worth an info line (something was done). */
  didWork: (report: R) => boolean;
  /** The fields of that info line; by default the report itself (an object) or `{ report }`. */
  describe?: (report: R) => object;
}

/**
 * Background work on a timer, in one shape for every worker (holds, offers,
 * jobs, mail): one pass at a time (a call during a pass gets that pass), a
 * failed pass logged and retried on the next tick, and a graceful stop that
 * waits for the pass in flight. Which rows a pass may take is the worker's
 * business (claims in the database); this only schedules.
 */
export class PeriodicTask<R> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<R>;
  private stopping = false;

  constructor(
    private readonly options: PeriodicTaskOptions<R>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopping = false;
    if (this.options.runAtStart) void this.runOnce();
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
  }

  /** One pass; never overlaps with itself. */
  runOnce(): Promise<R> {
    const { name, run, nothing, didWork, describe } = this.options;
    this.running ??= run(() => !this.stopping)
      .then((report) => {
        if (didWork(report)) this.logger.info(describe ? describe(report) : typeof report === 'object' && report !== null ? report : { report }, name);
        return report;
      })
      .catch((e: unknown) => {
        this.logger.warn({ err: e instanceof Error ? e.message : String(e) }, `${name} failed`);
        return nothing;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Stop the timer and wait for the pass in flight to finish and be recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running;
  }
}
