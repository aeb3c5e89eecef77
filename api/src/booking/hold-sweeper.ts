import type { Logger } from '../infrastructure/logger';
import type { BookingService } from './booking.service';
import type { Booking } from './booking.entity';

/**
 * Releases lapsed holds on a timer, so spots come back without anyone visiting
 * the site, and expires their checkout sessions so they can no longer be paid.
 */
export class HoldSweeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly services: {
      bookings: Pick<BookingService, 'releaseExpiredHolds'>;
      /** Expires the released booking's checkout session so it can no longer be paid. */
      payments: { expireSessionOf(booking: Booking): Promise<void> };
    },
    private readonly logger: Logger,
    private readonly intervalMs = 30_000,
  ) {}

  /** Sweeps at once (catch-up after downtime: what lapsed meanwhile is released at start), then on the timer. */
  start(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.intervalMs);
    this.timer.unref();
  }

  /** One pass; never overlaps with itself. Returns how many holds were released. */
  sweep(): Promise<number> {
    this.running ??= this.services.bookings
      .releaseExpiredHolds(undefined, (b) => this.services.payments.expireSessionOf(b))
      .then((n) => {
        if (n) this.logger.info({ released: n }, 'released lapsed holds');
        return n;
      })
      .catch((e) => {
        this.logger.warn({ err: (e as Error).message }, 'hold sweep failed');
        return 0;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
