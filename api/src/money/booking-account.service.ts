import type { Database } from '../infrastructure/db/data-source';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { centsToDollars } from '../shared/money';
import { balanceDueDate, cancellationRefund, localDate, POLICY, transferQuote } from '../shared/policy';
import { transferMoneySentences, transferWindowSentences } from '../shared/transfer-text';
import { BookingStatus, isLiveStatus } from '../shared/booking-status';
import type { Booking } from '../booking/booking.entity';
import type { BookingService } from '../booking/booking.service';
import type { ManageLinks } from '../booking/manage-link';
import { BookingInstallment, BookingPayment, BookingRefund } from '../booking/ledger.entities';
import { Workshop } from '../workshop/workshop.entity';
import type { PaymentService } from '../payment/payment.service';
import { BookingAccount, type CancellationQuoteView, type NextPayment, type TransferAvailability } from './booking-account.types';
import { cancellationExplanation, transferClosedSentence } from './money-text';
import { owedCents } from './money-audit';
import { nextCharge } from './next-charge';
import { PaymentSlot } from './payment-slot';
import { moneyOf, transferTerms } from './transfer-terms';

/** Why no transfer option is listed (docs/decisions/066: free spots, not cancelled or started, nothing due at once). */
const NO_DESTINATION = `No other workshop can take this booking right now: none has enough free spots, or its balance would be due at once (less than ${POLICY.balanceDueDaysBefore} days before its start).`;

/**
 * The manage page's read model (docs/decisions/062): who may open it (the
 * signed link), what the booking's money is (ledger, balance, the next
 * payment, the cancellation quote, the transfer options) and "pay now". Every
 * amount comes from shared/policy.ts and the functions that move the money.
 */
export class BookingAccountService {
  constructor(
    private readonly db: Database,
    private readonly bookings: BookingService,
    private readonly payments: Pick<PaymentService, 'enabled' | 'startLaterPaymentOrThrow'>,
    private readonly links: ManageLinks,
    private readonly clock: () => Date,
    private readonly publicOrigin: string,
  ) {}

  /** The booking behind a manage link; NOT_FOUND for a wrong token as for a wrong id (no oracle). */
  async authorizeOrThrow(bookingId: string, token: string): Promise<Booking> {
    const booking = await this.bookings.findById(bookingId);
    if (!booking || !this.links.verify(booking.id, token)) throw new AppError(ErrorCode.NOT_FOUND, 'Booking not found, or the link is not valid');
    return booking;
  }

  manageUrl(bookingId: string): string {
    return this.links.url(bookingId);
  }

  async accountOrThrow(bookingId: string): Promise<BookingAccount> {
    const booking = await this.bookings.getByIdOrThrow(bookingId);
    return this.account(booking);
  }

  async account(booking: Booking): Promise<BookingAccount> {
    const now = this.clock();
    const m = this.db.manager;
    const [workshop, payments, refunds, schedule] = await Promise.all([
      m.findOneByOrFail(Workshop, { id: booking.workshopId }),
      m.find(BookingPayment, { where: { bookingId: booking.id }, order: { receivedAt: 'ASC' } }),
      m.find(BookingRefund, { where: { bookingId: booking.id }, order: { createdAt: 'ASC' } }),
      m.find(BookingInstallment, { where: { bookingId: booking.id }, order: { number: 'ASC' } }),
    ]);
    const live = isLiveStatus(booking.status);
    const balanceCents = live ? booking.balanceCents : 0;
    const next = live && booking.status === BookingStatus.confirmed ? nextCharge(booking, schedule, workshop) : null;
    const nextPayment: NextPayment | null = next
      ? {
          label: next.label,
          amount: centsToDollars(next.amountCents),
          dueDate: next.dueDate,
          overdue: next.dueDate !== null && next.dueDate < localDate(now, workshop.timeZone),
          canPayNow: this.payments.enabled && !PaymentSlot.parse(booking.checkoutSessionId).isCharging(),
        }
      : null;
    const account = new BookingAccount();
    Object.assign(account, {
      booking,
      workshop,
      payments,
      refunds,
      schedule,
      balance: centsToDollars(balanceCents),
      balanceDueDate: balanceCents > 0 ? (next?.dueDate ?? balanceDueDate(workshop.startDate)) : null,
      nextPayment,
      cancellation: live ? this.cancellationView(booking, workshop, now) : null,
      transfer: await this.transferAvailability(booking, workshop, now),
      refundsOwed: centsToDollars(owedCents(refunds)),
    });
    return account;
  }

  private cancellationView(booking: Booking, workshop: Workshop, now: Date): CancellationQuoteView {
    const q = cancellationRefund(workshop.startDate, now, moneyOf(booking), workshop.timeZone);
    return {
      daysBeforeStart: q.daysBeforeStart,
      refundPercent: q.refundPercent,
      fee: centsToDollars(q.feeCents),
      paid: centsToDollars(q.paidCents),
      refund: centsToDollars(q.refundCents),
      kept: centsToDollars(q.keptCents),
      explanation: cancellationExplanation(q.daysBeforeStart, q.refundPercent, q.feeCents, Math.max(0, q.paidCents - booking.feeCents), q.refundCents, booking.feeCents, q.capCents),
    };
  }

  private async transferAvailability(booking: Booking, workshop: Workshop, now: Date): Promise<TransferAvailability> {
    const q = transferQuote(workshop.startDate, now, workshop.timeZone);
    const none = (reason: string): TransferAvailability => ({ allowed: false, fee: centsToDollars(q.feeCents), reason, options: [] });
    if (booking.status !== BookingStatus.confirmed) return none('Only a confirmed booking can be transferred.');
    if (!q.allowed) return none(`${transferClosedSentence(q.daysBeforeStart)}.`);
    const targets = await this.db.manager.createQueryBuilder(Workshop, 'w').where('w.id != :id AND w.cancelled_at IS NULL', { id: workshop.id }).orderBy('w.startDate', 'ASC').getMany();
    const options = targets
      .filter((w) => w.availableSpots >= booking.numParticipants)
      .map((w) => transferTerms(booking, workshop, w, now))
      .filter((t) => t.problem === null)
      .map(({ target, newTotalCents, settlement: st, dueDate, text }) => ({
        workshop: target,
        newTotal: centsToDollars(newTotalCents),
        fee: centsToDollars(st.transferFeeCents),
        difference: centsToDollars(st.balanceCents - st.refundNowCents),
        refundNow: centsToDollars(st.refundNowCents),
        kept: centsToDollars(st.keptCents),
        balanceAfter: centsToDollars(st.balanceCents),
        balanceDueDate: dueDate,
        cancelRefundAfter: centsToDollars(text.cancelAfterCents),
        terms: [...transferMoneySentences(text), ...transferWindowSentences(text)],
      }));
    return { allowed: true, fee: centsToDollars(q.feeCents), reason: options.length ? null : NO_DESTINATION, options };
  }

  /** "Pay the balance" / "Pay installment N now": a Checkout Session for exactly what is due, back to the manage page. */
  async payNowOrThrow(bookingId: string): Promise<{ url: string | null; sessionId: string | null }> {
    const booking = await this.bookings.getByIdOrThrow(bookingId);
    if (booking.status !== BookingStatus.confirmed) {
      if (booking.status === BookingStatus.held) throw new AppError(ErrorCode.FIRST_PAYMENT_PENDING, 'This booking has not been paid yet: finish the first payment from the booking page');
      throw new AppError(ErrorCode.BOOKING_NOT_LIVE, `A ${booking.status} booking takes no payments`);
    }
    const [workshop, schedule] = await Promise.all([
      this.db.manager.findOneByOrFail(Workshop, { id: booking.workshopId }),
      this.db.manager.find(BookingInstallment, { where: { bookingId: booking.id }, order: { number: 'ASC' } }),
    ]);
    const next = nextCharge(booking, schedule, workshop);
    if (!next) throw new AppError(ErrorCode.NOTHING_TO_PAY, 'Nothing is left to pay on this booking');
    if (!this.payments.enabled) throw new AppError(ErrorCode.ONLINE_PAYMENT_UNAVAILABLE, 'Online payment is not available: we will contact you to arrange the payment');
    return this.payments.startLaterPaymentOrThrow(booking, next, `${this.publicOrigin}/manage/${booking.id}`);
  }
}
