import type { BookingEventMap } from '../booking/booking-events';
import { BookingMailKind } from '../booking/booking-mail-data';
import type { BookingMails } from '../booking/booking.mails';
import { owedCents } from './money-audit';

/**
 * The customer mails of the money's booking events, written to the outbox in
 * the event's transaction; every figure is the one that moved the money.
 * Subscribed in composition-root.ts.
 */
export class MoneyMails {
  constructor(private readonly mails: BookingMails) {}

  async bookingCancelled({ m, booking, refundCents, refunds, mail }: BookingEventMap['bookingCancelled']): Promise<void> {
    if (mail) await this.mails.money(m, BookingMailKind.bookingCancelled, booking, { refundCents, refundOwedCents: owedCents(refunds) });
  }

  async bookingTransferred({ m, booking, from, money: x }: BookingEventMap['bookingTransferred']): Promise<void> {
    await this.mails.money(m, BookingMailKind.bookingTransferred, booking, {
      fromWorkshopName: from.name,
      transferFeeCents: x.transferFeeCents,
      refundCents: x.refundNowCents,
      keptCents: x.keptCents,
      dueCents: x.dueCents,
      dueDate: x.dueDate,
      cancelBeforeCents: x.cancelBeforeCents,
      cancelAfterCents: x.cancelAfterCents,
      today: x.today,
    });
  }

  async latePaymentRefunded({ m, booking, payment, refunds, lateFor }: BookingEventMap['latePaymentRefunded']): Promise<void> {
    await this.mails.money(m, BookingMailKind.latePaymentRefunded, booking, { refundCents: payment.amountCents, refundOwedCents: owedCents(refunds), lateFor });
  }
}
