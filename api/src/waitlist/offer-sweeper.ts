import type { Logger } from '../infrastructure/logger';
import type { WaitlistService } from './waitlist.service';

/**
 * Lapses waiting-list offers whose 48 hours are over, on a timer, so their
 * spots pass to the next entry without anyone visiting the site (docs/decisions/061).
 */
export class OfferSweeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly services: { waitlist: Pick<WaitlistService, 'lapseExpiredOffers'> },
    private readonly logger: Logger,
    private readonly intervalMs = 60_000,
  ) {}

  /** Sweeps at once (catch-up after downtime: what lapsed meanwhile is released at start), then on the timer. */
  start(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.intervalMs);
    this.timer.unref();
  }

  /** One pass; never overlaps with itself. Returns how many offers lapsed. */
  sweep(): Promise<number> {
    this.running ??= this.services.waitlist
      .lapseExpiredOffers()
      .then((n) => {
        if (n) this.logger.info({ lapsed: n }, 'lapsed waiting-list offers');
        return n;
      })
      .catch((e) => {
        this.logger.warn({ err: (e as Error).message }, 'waiting-list offer sweep failed');
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
