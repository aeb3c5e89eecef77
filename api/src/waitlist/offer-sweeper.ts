import type { Logger } from '../infrastructure/logger';
import { PeriodicTask } from '../infrastructure/periodic-task';
import type { WaitlistService } from './waitlist.service';

/**
 * Lapses waiting-list offers whose 48 hours are over, on a timer, so their
 * spots pass to the next entry without anyone visiting the site (docs/decisions/061),
 * and entries whose email was not confirmed in time (067).
 * Sweeps at once on start (what lapsed while the process was down passes on then).
 */
export class OfferSweeper {
  private readonly task: PeriodicTask<{ offers: number; unconfirmed: number }>;

  constructor(services: { waitlist: Pick<WaitlistService, 'lapseExpiredOffers' | 'lapseUnconfirmed'> }, logger: Logger, intervalMs = 60_000) {
    this.task = new PeriodicTask(
      {
        name: 'waiting-list offer sweep',
        intervalMs,
        runAtStart: true,
        run: async () => ({ offers: await services.waitlist.lapseExpiredOffers(), unconfirmed: await services.waitlist.lapseUnconfirmed() }),
        nothing: { offers: 0, unconfirmed: 0 },
        didWork: (n) => n.offers + n.unconfirmed > 0,
        describe: (n) => ({ lapsed: n.offers, unconfirmedLapsed: n.unconfirmed }),
      },
      logger,
    );
  }

  start(): void {
    this.task.start();
  }

  /** One pass; never overlaps with itself. Returns how many offers lapsed. */
  async sweep(): Promise<number> {
    return (await this.task.runOnce()).offers;
  }

  stop(): Promise<void> {
    return this.task.stop();
  }
}
