import type { Database } from '../infrastructure/db/data-source';
import type { Logger } from '../infrastructure/logger';
import type { BookingEvents } from '../booking/booking-events';
import type { BookingService } from '../booking/booking.service';
import type { MoneySchedule } from './money-jobs';
import type { RefundDecider } from './refund-decider';
import type { RefundMaker } from './refund-maker';

/** What the money actions that release a booking's money and decide refunds work with (cancellation, transfer); built once in the composition root. */
export interface RefundingDeps {
  db: Database;
  bookings: BookingService;
  schedule: MoneySchedule;
  decider: RefundDecider;
  maker: RefundMaker;
  clock: () => Date;
  logger: Logger;
  /** Where the action's event is published (its audit row and mail are subscribers). */
  events: BookingEvents;
}
