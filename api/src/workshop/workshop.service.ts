import { paymentOptionsFor, type PaymentOptionOffer } from '../shared/policy';
import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { daysBetween, formatDateRange, todayIn } from '../shared/dates';
import { CALENDAR, hasEnded, hasStarted, isBoardOpen, upcomingFirst } from '../shared/workshop-calendar';
import type { Workshop } from './workshop.entity';
import { DEFAULT_CATALOG_OPTIONS, WorkshopCatalog, type WorkshopCatalogOptions } from './workshop-catalog';

/** The workshop's place on the calendar, enough for the rules below. */
type Dated = Pick<Workshop, 'startDate' | 'endDate' | 'timeZone'>;

/**
 * The refusal of a booking (or a checkout) for a workshop that has started,
 * naming the field the caller sent (docs/decisions/059).
 */
function workshopStartedError(
  w: Pick<Workshop, 'name' | 'startDate' | 'endDate'>,
  field: 'workshopId' | 'bookingId' = 'workshopId',
  closed = 'can no longer be booked',
): AppError {
  const message = field === 'workshopId' ? 'workshopId is a workshop that has already started' : 'bookingId is a booking of a workshop that has already started';
  return new AppError(ErrorCode.WORKSHOP_STARTED, `${w.name} (${formatDateRange(w.startDate, w.endDate)}) has already started and ${closed}`, [
    { field, message },
  ]);
}

/** The refusal of a booking (or its checkout) for a workshop the admin cancelled (docs/decisions/063). */
function workshopCancelledError(
  w: Pick<Workshop, 'name' | 'startDate' | 'endDate'>,
  field: 'workshopId' | 'bookingId' = 'workshopId',
  closed = 'can no longer be booked',
): AppError {
  const message = field === 'workshopId' ? 'workshopId is a workshop that has been cancelled' : 'bookingId is a booking of a workshop that has been cancelled';
  return new AppError(ErrorCode.WORKSHOP_CANCELLED, `${w.name} (${formatDateRange(w.startDate, w.endDate)}) has been cancelled and ${closed}`, [{ field, message }]);
}

/**
 * Refuses what a workshop no longer takes once it has started (its time zone)
 * or was cancelled: a booking, its checkout, a waiting-list entry. `closed`
 * ends the message ("can no longer be booked" by default).
 */
export function refuseUnlessOpen(
  w: Pick<Workshop, 'name' | 'startDate' | 'endDate' | 'timeZone' | 'cancelledAt'>,
  now: Date,
  field: 'workshopId' | 'bookingId' = 'workshopId',
  closed?: string,
): void {
  if (hasStarted(w, now)) throw workshopStartedError(w, field, closed);
  if (w.cancelledAt) throw workshopCancelledError(w, field, closed);
}

/**
 * Reads of the workshop catalog, served from memory (see WorkshopCatalog: every
 * write of a workshop through this data source invalidates it), and the
 * calendar facts computed from the clock. Spot changes belong to the booking
 * service; they read workshops inside their own transactions, never from here.
 */
export class WorkshopService {
  readonly catalog: WorkshopCatalog;

  constructor(
    db: Database,
    options: WorkshopCatalogOptions = DEFAULT_CATALOG_OPTIONS,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.catalog = new WorkshopCatalog(db, { ...options, clock });
  }

  /**
   * The public list: the runs a visitor can use, archived ones left out: upcoming
   * ones first (soonest first), then those under way or ended within
   * CALENDAR.catalogRecentPastDays (most recent first; docs/decisions/076). Older
   * runs stay reachable by id. Shared, frozen objects, computed once per catalog
   * snapshot (which ends when a workshop starts).
   */
  async list(): Promise<readonly Workshop[]> {
    return this.catalog.derive('public-list', (all) => Object.freeze(this.publicList(all)));
  }

  /** The public list made from a catalog snapshot (for values derived from it). */
  publicList(all: readonly Workshop[]): Workshop[] {
    const now = this.clock();
    return upcomingFirst(
      all.filter((w) => !w.archived && daysBetween(w.endDate, todayIn(w.timeZone, now)) <= CALENDAR.catalogRecentPastDays),
      now,
    );
  }

  /** One workshop by id, archived or not (their bookings and boards stay reachable). */
  async findById(id: string): Promise<Workshop | null> {
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) return null;
    return this.catalog.get(id);
  }

  /** Several workshops by id in one catalog read (and one query for runs outside its window), in the order asked (null where unknown). */
  async findByIds(ids: readonly string[]): Promise<Array<Workshop | null>> {
    return this.catalog.getMany(ids.map((id) => (typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : '')));
  }

  async getByIdOrThrow(id: string): Promise<Workshop> {
    const workshop = await this.findById(id);
    if (!workshop) throw AppError.notFound('Workshop');
    return workshop;
  }

  /** True from the workshop's first day on, in its time zone: no more bookings. */
  hasStarted(w: Dated): boolean {
    return hasStarted(w, this.clock());
  }

  /** From the day after its last day on (its time zone): it has taken place, no longer under way. */
  hasEnded(w: Dated): boolean {
    return hasEnded(w, this.clock());
  }

  /** The ways a booking made now can pay, by the server's clock (shared/policy paymentOptionsFor). */
  paymentOptions(w: Pick<Workshop, 'startDate' | 'timeZone'>): PaymentOptionOffer[] {
    return paymentOptionsFor(w.startDate, this.clock(), w.timeZone);
  }

  /** True while its community board takes messages (until 30 days after the end). */
  isBoardOpen(w: Dated): boolean {
    return isBoardOpen(w, this.clock());
  }
}
