import { formatCents } from '../shared/money';
import { formatIsoDate } from '../shared/policy';
import { Facts, MailLayout, Paragraph } from '../mail/mail-layout';
import type { MailTemplate, MailTemplates } from '../mail/mail.types';
import { ManageButton } from '../booking/booking-mail-templates';
import { bookingFacts, datesOf, firstName, type BookingMailData } from '../booking/booking-mail-data';
import { GIFT_CARD_RULES } from '../shared/gift-cards';

/** The mails of a workshop cancellation (docs/decisions/063). */
export const WorkshopCancellationMailKind = {
  /** Customer: we cancelled the workshop; the refund (or a credit instead) from the manage link. */
  workshopCancelled: 'workshop_cancelled',
} as const;

export interface WorkshopCancelledMailData extends BookingMailData {
  /** Online money refunded to the card on refundDate unless the customer chooses a credit. */
  onlineRefundCents: number;
  /** Money paid offline, paid back by us (or a credit instead). */
  offlineRefundCents: number;
  /** Paid with a credit code: given back as a new credit (its code is on the booking page). */
  creditRefundCents?: number;
  /** YYYY-MM-DD: when the card refund is made if the customer does nothing. */
  refundDate: string;
  creditChoiceDays: number;
}

const money = formatCents;

export const workshopCancelled: MailTemplate<WorkshopCancelledMailData> = {
  subject: (d) => `${d.workshopName} (${datesOf(d)}) is cancelled`,
  Body: ({ data: d, ctx }) => {
    const total = d.onlineRefundCents + d.offlineRefundCents;
    return (
      <MailLayout ctx={ctx} title="We have cancelled this workshop" preheader={total ? `${money(total)} comes back to you, or a credit of the same amount.` : 'Nothing was charged.'}>
        <Paragraph>{`Hi ${firstName(d.customerName)}, we are sorry: ${d.workshopName} (${datesOf(d)}) will not run, and your booking is cancelled with no fee.`}</Paragraph>
        {total > 0 ? (
          <>
            <Paragraph>
              {`You paid ${money(total)}. You can have all of it back, or take a credit of ${money(total)} for any future workshop instead. Choose on your booking page within ${d.creditChoiceDays} days: "Refund ${money(d.onlineRefundCents || total)} to my card now" or "Take a credit of ${money(total)}".`}
            </Paragraph>
            {d.onlineRefundCents > 0 ? (
              <Paragraph>{`If you do nothing, ${money(d.onlineRefundCents)} goes back to your card on ${formatIsoDate(d.refundDate)}.`}</Paragraph>
            ) : null}
            {d.offlineRefundCents > 0 ? <Paragraph>{`The ${money(d.offlineRefundCents)} you paid by other means we pay back the same way; we will contact you.`}</Paragraph> : null}
            <Paragraph>{`A credit is a balance of ${money(total)}, valid for ${GIFT_CARD_RULES.validYears} years: enter its code when you book, or on a booking's page to pay a balance or an installment. Use it in as many parts as you like; what you do not use stays on it.`}</Paragraph>
          </>
        ) : null}
        {d.creditRefundCents ? (
          <Paragraph>{`The ${money(d.creditRefundCents)} you paid with a credit code comes back to you as a new credit: its code is on your booking page, with a balance of ${money(d.creditRefundCents)}, valid for ${GIFT_CARD_RULES.validYears} years.`}</Paragraph>
        ) : null}
        {total === 0 && !d.creditRefundCents ? <Paragraph>Nothing was charged for this booking.</Paragraph> : null}
        {/* Nothing was given back yet: the card refund waits for the customer's choice, the offline money for us. */}
        <Facts facts={bookingFacts({ ...d, refundPendingCents: d.onlineRefundCents, refundOwedCents: d.offlineRefundCents })} />
        <ManageButton d={d} ctx={ctx} />
      </MailLayout>
    );
  },
};

export const WORKSHOP_CANCELLATION_MAILS: MailTemplates = {
  [WorkshopCancellationMailKind.workshopCancelled]: workshopCancelled,
};
