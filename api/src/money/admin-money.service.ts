import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { formatCents } from '../shared/money';
import { Booking } from '../booking/booking.entity';
import type { BookingService } from '../booking/booking.service';
import { BookingMailKind } from '../booking/booking-mail-data';
import { BookingRefund, RefundReason, RefundState } from '../booking/ledger.entities';
import { ADMIN_ACTOR, type AuditLog } from '../audit/audit-log.service';
import { owedCents, refundsOf } from './money-audit';
import { overdueBatches, overdueBookings, overduePage, type OverdueArgs, type OverduePage } from './overdue';
import type { RefundDecider } from './refund-decider';
import type { RefundMaker } from './refund-maker';
import type { BookingAccountService } from './booking-account.service';
import type { BookingAccount } from './booking-account.types';

/** The admin's money actions: a refund of what was received, an owed refund paid back by hand, the overdue list. */
export class AdminMoneyService {
  constructor(
    private readonly db: Database,
    private readonly bookings: Pick<BookingService, 'mails'>,
    /** The admin's money panel: what each action answers. */
    private readonly accounts: Pick<BookingAccountService, 'accountOrThrow'>,
    private readonly decider: RefundDecider,
    private readonly maker: RefundMaker,
    private readonly clock: () => Date,
    private readonly audit: AuditLog | null = null,
  ) {}

  /** Refund part or all of what was received (not more than is left), through the provider for online money; answers the money panel. */
  async refundOrThrow(bookingId: string, amountCents: number, note?: string): Promise<BookingAccount> {
    const now = this.clock();
    const refunds = await this.db.transaction(async (m) => {
      const booking = await m.findOneBy(Booking, { id: bookingId });
      if (!booking) throw AppError.notFound('Booking');
      const left = booking.netReceivedCents;
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > left) {
        throw AppError.invalid([{ field: 'amount', message: `amount must be more than $0 and at most ${formatCents(left)} (received and not yet refunded)` }]);
      }
      const rows = await this.decider.decideOrThrow(m, booking, amountCents, RefundReason.admin, now, note);
      await this.audit?.record(m, {
        ...ADMIN_ACTOR,
        action: 'refund.issued',
        bookingId: booking.id,
        workshopId: booking.workshopId,
        before: { amountRefundedCents: booking.amountRefundedCents - amountCents },
        after: { amountRefundedCents: booking.amountRefundedCents, refunds: refundsOf(rows) },
        detail: `${formatCents(amountCents)} refunded by the admin${note ? `: ${note}` : ''}`,
      });
      await this.bookings.mails?.money(m, BookingMailKind.refundIssued, booking, { refundCents: amountCents, refundOwedCents: owedCents(rows) });
      return rows;
    });
    await this.maker.makeNow(refunds);
    return this.accounts.accountOrThrow(bookingId);
  }

  /** The admin paid back an owed (offline) refund; answers the money panel. */
  async markRefundDoneOrThrow(refundId: string): Promise<BookingAccount> {
    const refund = typeof refundId === 'string' ? await this.db.manager.findOneBy(BookingRefund, { id: refundId }) : null;
    if (!refund) throw AppError.notFound('Refund');
    const done = await this.db.transaction(async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(BookingRefund)
        .set({ state: RefundState.done, completedAt: this.clock() })
        .where('id = :id AND state = :owed', { id: refund.id, owed: RefundState.owed })
        .execute();
      if (result.affected === 1) {
        await this.audit?.record(m, {
          ...ADMIN_ACTOR,
          action: 'refund.marked_done',
          bookingId: refund.bookingId,
          before: { refundId: refund.id, state: RefundState.owed },
          after: { refundId: refund.id, state: RefundState.done },
          detail: `${formatCents(refund.amountCents)} paid back outside the payment provider`,
        });
      }
      return result;
    });
    if (done.affected !== 1) throw new AppError(ErrorCode.REFUND_NOT_OWED, `This refund is ${refund.state}, not owed`);
    return this.accounts.accountOrThrow(refund.bookingId);
  }

  /** Live bookings whose balance or an installment is past due (the whole list: prefer overduePageOrThrow or overdueBatches). */
  overdueBookings(): Promise<Booking[]> {
    return overdueBookings(this.db, this.clock());
  }

  /** A page of the overdue list, oldest booking first, with its size (found in SQL, docs/decisions/075). */
  overduePageOrThrow(args: Partial<OverdueArgs> = {}): Promise<OverduePage> {
    return overduePage(this.db.manager, this.clock(), args);
  }

  /** The whole overdue list in batches, for an answer written as it is read. */
  overdueBatches(): AsyncGenerator<Booking[]> {
    return overdueBatches(this.db, this.clock());
  }
}
