import type { Logger } from '../logger';
import { PeriodicTask } from '../periodic-task';
import type { JobQueue, JobRunReport } from './job-queue';

export interface JobWorkerOptions {
  /** How often due jobs are looked for. */
  intervalMs: number;
}

/**
 * Runs the scheduled jobs in the background (a PeriodicTask): stopped
 * gracefully (the job running is finished and recorded, the claims not yet
 * started are handed back). `start()` runs at once, so work that fell due
 * while the process was down is done within seconds of a start.
 */
export class JobWorker {
  private readonly task: PeriodicTask<JobRunReport>;

  constructor(jobs: Pick<JobQueue, 'runDue'>, logger: Logger, options: Partial<JobWorkerOptions> = {}) {
    this.task = new PeriodicTask(
      {
        name: 'scheduled jobs run',
        intervalMs: options.intervalMs ?? 15_000,
        runAtStart: true,
        run: (shouldContinue) => jobs.runDue(shouldContinue),
        nothing: { ran: 0, done: 0, retried: 0, failed: 0 },
        didWork: (report) => report.ran > 0,
      },
      logger,
    );
  }

  start(): void {
    this.task.start();
  }

  /** One pass over the due jobs; never overlaps with itself (a call during a run gets that run). */
  runOnce(): Promise<JobRunReport> {
    return this.task.runOnce();
  }

  /** Stop polling and wait for the job in flight to finish and be recorded. */
  stop(): Promise<void> {
    return this.task.stop();
  }
}
