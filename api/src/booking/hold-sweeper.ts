import type { Logger } from '../infrastructure/logger';
import { PeriodicTask } from '../infrastructure/periodic-task';
import type { BookingService } from './booking.service';
import type { Booking } from './booking.entity';

/**
 * Releases lapsed holds on a timer, so spots come back without anyone visiting
 * the site, and expires their checkout sessions so they can no longer be paid.
 * Sweeps at once on start (what lapsed while the process was down is released then).
 */
export class HoldSweeper {
  private readonly task: PeriodicTask<number>;

  constructor(
    services: {
      bookings: Pick<BookingService, 'releaseExpiredHolds'>;
      /** Expires the released booking's checkout session so it can no longer be paid. */
      payments: { expireSessionOf(booking: Booking): Promise<void> };
    },
    logger: Logger,
    intervalMs = 30_000,
  ) {
    this.task = new PeriodicTask(
      {
        name: 'hold sweep',
        intervalMs,
        runAtStart: true,
        run: () => services.bookings.releaseExpiredHolds(undefined, (b) => services.payments.expireSessionOf(b)),
        nothing: 0,
        didWork: (n) => n > 0,
        describe: (n) => ({ released: n }),
      },
      logger,
    );
  }

  start(): void {
    this.task.start();
  }

  /** One pass; never overlaps with itself. Returns how many holds were released. */
  sweep(): Promise<number> {
    return this.task.runOnce();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }
}
