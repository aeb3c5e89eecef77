import type { Logger } from '../logger';
import type { JobQueue, JobRunReport } from './job-queue';

export interface JobWorkerOptions {
  /** How often due jobs are looked for. */
  intervalMs: number;
}

const NOTHING_RAN: JobRunReport = { ran: 0, done: 0, retried: 0, failed: 0 };

/**
 * Runs the scheduled jobs in the background, like the MailWorker: a timer, one
 * run at a time, stopped gracefully (the job running is finished and recorded,
 * the claims not yet started are handed back). `start()` runs at once, so work
 * that fell due while the process was down is done within seconds of a start.
 */
export class JobWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<JobRunReport>;
  private stopping = false;
  private readonly options: JobWorkerOptions;

  constructor(
    private readonly jobs: Pick<JobQueue, 'runDue'>,
    private readonly logger: Logger,
    options: Partial<JobWorkerOptions> = {},
  ) {
    this.options = { intervalMs: 15_000, ...options };
  }

  start(): void {
    this.stopping = false;
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
  }

  /** One pass over the due jobs; never overlaps with itself (a call during a run gets that run). */
  runOnce(): Promise<JobRunReport> {
    this.running ??= this.jobs
      .runDue(() => !this.stopping)
      .then((report) => {
        if (report.ran) this.logger.info(report, 'scheduled jobs run');
        return report;
      })
      .catch((e) => {
        this.logger.warn({ err: (e as Error).message }, 'scheduled jobs run failed');
        return NOTHING_RAN;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Stop polling and wait for the job in flight to finish and be recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running;
  }
}
