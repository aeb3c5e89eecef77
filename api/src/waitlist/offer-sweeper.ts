import type { Logger } from '../infrastructure/logger';
import { PeriodicTask } from '../infrastructure/periodic-task';
import type { WaitlistService } from './waitlist.service';

/**
 * Lapses waiting-list offers whose 48 hours are over, on a timer, so their
 * spots pass to the next entry without anyone visiting the site (docs/decisions/061).
 * Sweeps at once on start (what lapsed while the process was down passes on then).
 */
export class OfferSweeper {
  private readonly task: PeriodicTask<number>;

  constructor(services: { waitlist: Pick<WaitlistService, 'lapseExpiredOffers'> }, logger: Logger, intervalMs = 60_000) {
    this.task = new PeriodicTask(
      {
        name: 'waiting-list offer sweep',
        intervalMs,
        runAtStart: true,
        run: () => services.waitlist.lapseExpiredOffers(),
        nothing: 0,
        didWork: (n) => n > 0,
        describe: (n) => ({ lapsed: n }),
      },
      logger,
    );
  }

  start(): void {
    this.task.start();
  }

  /** One pass; never overlaps with itself. Returns how many offers lapsed. */
  sweep(): Promise<number> {
    return this.task.runOnce();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }
}
