import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { addMonths, balanceDueDate, localDate, transferQuote } from '../shared/policy';
import { BookingStatus, OPEN_INSTALLMENT_STATES } from '../shared/booking-status';
import { Booking } from '../booking/booking.entity';
import { BookingInstallment, InstallmentState, RefundReason } from '../booking/ledger.entities';
import { Workshop } from '../workshop/workshop.entity';
import { transferClosedSentence } from './money-text';
import type { Actor } from './money-audit';
import { openInstallments } from './next-charge';
import type { RefundingDeps } from './money-deps';
import type { BookingAccountService } from './booking-account.service';
import type { BookingAccount } from './booking-account.types';
import { transferTerms } from './transfer-terms';

/**
 * Moving a confirmed booking to another workshop with free spots
 * (docs/decisions/062, 066): the fee by the days before the current
 * workshop's start, the new spots claimed atomically, the price replaced; an
 * overpayment is refunded at once, an underpayment becomes the balance (due
 * by the new workshop's balance date), a plan's installments re-planned.
 */
export class TransferService {
  constructor(
    private readonly deps: RefundingDeps,
    /** The manage page's read model: what the customer sees after moving. */
    private readonly accounts: Pick<BookingAccountService, 'account'>,
  ) {}

  /** "Move my booking" from the manage page: answers the manage page as it is after. */
  async transferByCustomerOrThrow(bookingId: string, targetId: string): Promise<BookingAccount> {
    return this.accounts.account(await this.transferOrThrow(bookingId, targetId, 'customer'));
  }

  async transferOrThrow(bookingId: string, targetId: string, actor: Actor): Promise<Booking> {
    const now = this.deps.clock();
    const { refunds } = await this.deps.db.transaction(async (m) => {
      const booking = await m.findOneBy(Booking, { id: bookingId });
      if (!booking) throw AppError.notFound('Booking');
      if (booking.status !== BookingStatus.confirmed) throw new AppError(ErrorCode.BOOKING_NOT_TRANSFERABLE, `A ${booking.status} booking cannot be transferred`);
      const from = await m.findOneByOrFail(Workshop, { id: booking.workshopId });
      const q = transferQuote(from.startDate, now, from.timeZone);
      if (!q.allowed) throw new AppError(ErrorCode.TRANSFER_WINDOW_CLOSED, transferClosedSentence(q.daysBeforeStart));
      const target = typeof targetId === 'string' ? await m.findOneBy(Workshop, { id: targetId }) : null;
      if (!target) throw AppError.invalid([{ field: 'workshopId', message: 'workshopId must be another workshop' }]);
      // The one computation the options showed (docs/decisions/066): the money moved, the cap written, the mail's figures.
      const terms = transferTerms(booking, from, target, now);
      if (terms.problem) throw AppError.invalid([{ field: 'workshopId', message: terms.problem }]);
      const { newTotalCents, settlement: st } = terms;
      const moved = await this.deps.bookings.lifecycle.moveOrThrow(m, booking, target, {
        totalCents: newTotalCents,
        feeCents: st.feesAfterCents,
        refundCapCents: st.refundCapCents,
        refundCapPaidCents: st.refundCapPaidCents,
      }, now);
      if (!moved) {
        // The claim refuses a workshop cancelled since it was read, as one without free spots: say which.
        const latest = await m.findOneBy(Workshop, { id: target.id });
        if (latest?.cancelledAt) throw AppError.invalid([{ field: 'workshopId', message: `${target.name} was cancelled: it is no destination for a transfer` }]);
        throw new AppError(ErrorCode.SOLD_OUT, `${target.name} does not have ${booking.numParticipants} free spots`, [{ field: 'workshopId', message: 'Not enough free spots' }]);
      }
      await this.deps.schedule.cancelAll(m, booking.id);
      const refunds = await this.deps.decider.decideOrThrow(m, booking, st.refundNowCents, RefundReason.transfer, now);
      if (booking.balanceCents !== st.balanceCents) throw new Error(`transfer: the booking's balance ${booking.balanceCents} is not the quoted ${st.balanceCents}`);
      await this.replanOrThrow(m, booking, target, now);
      const { text } = terms;
      await this.deps.events.publish('bookingTransferred', {
        m,
        now,
        booking,
        actor,
        from,
        to: target,
        refunds,
        money: {
          newTotalCents,
          feesAfterCents: st.feesAfterCents,
          refundCapCents: st.refundCapCents,
          transferFeeCents: st.transferFeeCents,
          refundNowCents: st.refundNowCents,
          keptCents: st.keptCents,
          dueCents: st.balanceCents,
          dueDate: terms.dueDate ?? undefined,
          cancelBeforeCents: text.cancelBeforeCents,
          cancelAfterCents: text.cancelAfterCents,
          today: text.today,
        },
      });
      this.deps.logger.info({ bookingId, actor, from: from.id, to: target.id }, 'booking transferred');
      return { refunds };
    });
    await this.deps.maker.makeNow(refunds);
    return this.deps.bookings.getByIdOrThrow(bookingId);
  }

  /**
   * After a transfer: a plan's unpaid installments are spread again over the
   * months before the new balance due date (the balance due now when none
   * fits); other bookings with a balance get the new date's reminders.
   */
  private async replanOrThrow(m: EntityManager, booking: Booking, workshop: Workshop, now: Date): Promise<void> {
    const balance = booking.balanceCents;
    const due = balanceDueDate(workshop.startDate);
    const today = localDate(now, workshop.timeZone);
    if (booking.paymentOption !== 'payment_plan') {
      if (balance > 0) await this.deps.schedule.balanceWork(m, booking.id, due, now);
      return;
    }
    const schedule = await m.find(BookingInstallment, { where: { bookingId: booking.id }, order: { number: 'ASC' } });
    const open = openInstallments(schedule);
    await m.createQueryBuilder().delete().from(BookingInstallment).where('booking_id = :id AND state IN (:...open)', { id: booking.id, open: OPEN_INSTALLMENT_STATES }).execute();
    if (balance <= 0) return;
    const dates: string[] = [];
    for (let k = 1; k <= Math.max(1, open.length); k++) {
      const d = addMonths(today, k);
      if (d > due) break;
      dates.push(d);
    }
    if (!dates.length) dates.push(today);
    const each = Math.ceil(balance / dates.length);
    let number = schedule.filter((i) => i.state === InstallmentState.paid).reduce((n, i) => Math.max(n, i.number), 0);
    for (const [idx, d] of dates.entries()) {
      number++;
      const amountCents = idx < dates.length - 1 ? each : balance - each * (dates.length - 1);
      await m.insert(BookingInstallment, { id: crypto.randomUUID(), bookingId: booking.id, number, dueDate: d, amountCents, state: InstallmentState.scheduled, failedAttempts: 0, lastError: null, paidAt: null });
      await this.deps.schedule.installment(m, booking.id, number, d, now);
    }
  }
}
