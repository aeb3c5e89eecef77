import { formatCents } from '../shared/money';
import { formatIsoDate, POLICY } from '../shared/policy';
import { transferMoneySentences, transferWindowSentences, type TransferTextInput } from '../shared/transfer-text';
import { ActionButton, Facts, MailLayout, Paragraph, TextLink } from '../mail/mail-layout';
import type { MailTemplate } from '../mail/mail.types';
import { ManageButton } from './booking-mail-templates';
import { bookingFacts, bookingUrls, customerFacts, datesOf, firstName, type BookingMailData } from './booking-mail-data';

/**
 * The mails of a booking's money after its first payment (docs/decisions/062):
 * reminders, failed charges, cancellations, transfers, refunds. Amounts come
 * from the payload the money service computed with shared/policy.ts.
 */

const money = (cents: number | undefined) => formatCents(cents ?? 0);
const day = (date: string | undefined) => (date ? formatIsoDate(date) : 'now');

/** Customer: the balance falls due soon. */
export const balanceReminder: MailTemplate<BookingMailData> = {
  subject: (d) => `Reminder: your balance for ${d.workshopName} is due ${day(d.dueDate)}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="Your balance is due soon" preheader={`${money(d.dueCents)} due by ${day(d.dueDate)}.`}>
      <Paragraph>
        {`Hi ${firstName(d.customerName)}, the balance of ${money(d.dueCents)} for ${d.workshopName} (${datesOf(d)}) is due by ${day(d.dueDate)}, ${POLICY.balanceDueDaysBefore} days before the workshop starts. You can pay it online from your booking page.`}
      </Paragraph>
      <Facts facts={bookingFacts(d)} />
      <ManageButton d={d} ctx={ctx} />
      <Paragraph>Already paid by other means? Reply to this email and we will update your booking.</Paragraph>
    </MailLayout>
  ),
};

/** Customer: the balance is overdue. */
export const balanceOverdue: MailTemplate<BookingMailData> = {
  subject: (d) => `Your balance for ${d.workshopName} is overdue`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="Your balance is overdue" preheader={`${money(d.dueCents)} was due on ${day(d.dueDate)}.`}>
      <Paragraph>
        {`Hi ${firstName(d.customerName)}, the balance of ${money(d.dueCents)} for ${d.workshopName} (${datesOf(d)}) was due on ${day(d.dueDate)}. Please pay it from your booking page, or reply to this email if something is wrong, so we can keep your place.`}
      </Paragraph>
      <Facts facts={bookingFacts(d)} />
      <ManageButton d={d} ctx={ctx} />
    </MailLayout>
  ),
};

/** Admin: a balance is overdue. */
export const adminBalanceOverdue: MailTemplate<BookingMailData> = {
  subject: (d) => `Overdue balance: ${d.customerName}, ${d.workshopName}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="A balance is overdue" preheader={`${money(d.dueCents)} was due on ${day(d.dueDate)}.`}>
      <Paragraph>{`${d.customerName}'s balance of ${money(d.dueCents)} for ${d.workshopName} was due on ${day(d.dueDate)} and is unpaid. The customer was reminded.`}</Paragraph>
      <Facts facts={[...customerFacts(d), ...bookingFacts(d)]} />
      <ActionButton href={bookingUrls(ctx.origin).admin()}>Open the admin dashboard</ActionButton>
    </MailLayout>
  ),
};

/** Customer: an installment could not be charged. */
export const installmentFailed: MailTemplate<BookingMailData> = {
  subject: (d) => `We could not charge installment ${d.installmentNumber} for ${d.workshopName}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="Your installment could not be charged" preheader={`${money(d.dueCents)}: please pay it from your booking page.`}>
      <Paragraph>
        {`Hi ${firstName(d.customerName)}, we tried to charge installment ${d.installmentNumber}${d.installments ? ` of ${d.installments}` : ''} (${money(d.dueCents)}) for ${d.workshopName} to your saved card, and it did not go through: ${d.failure ?? 'the card was declined'}.`}
      </Paragraph>
      <Paragraph>
        {d.retriesLeft
          ? `Please pay it from your booking page (you can use another card). Otherwise we will try the saved card again in a few days.`
          : `Please pay it from your booking page (you can use another card), or reply to this email so we can help.`}
      </Paragraph>
      <ManageButton d={d} ctx={ctx} />
    </MailLayout>
  ),
};

/** Admin: the last retry of an installment failed. */
export const adminInstallmentFailed: MailTemplate<BookingMailData> = {
  subject: (d) => `Installment failed: ${d.customerName}, ${d.workshopName}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="An installment could not be charged" preheader={`Installment ${d.installmentNumber}, ${money(d.dueCents)}: no more automatic retries.`}>
      <Paragraph>
        {`Installment ${d.installmentNumber} (${money(d.dueCents)}) of ${d.customerName}'s booking for ${d.workshopName} failed again (${d.failure ?? 'declined'}); there are no more automatic retries. The customer has a link to pay it.`}
      </Paragraph>
      <Facts facts={[...customerFacts(d), ...bookingFacts(d)]} />
      <ActionButton href={bookingUrls(ctx.origin).admin()}>Open the admin dashboard</ActionButton>
    </MailLayout>
  ),
};

/** Customer: the booking was cancelled, with its refund. */
export const bookingCancelled: MailTemplate<BookingMailData> = {
  subject: (d) => `Your booking for ${d.workshopName} is cancelled`,
  Body: ({ data: d, ctx }) => {
    const refund = d.refundCents ?? 0;
    const owed = d.refundOwedCents ?? 0;
    return (
      <MailLayout ctx={ctx} title="Your booking is cancelled" preheader={refund ? `Refund: ${money(refund)}.` : 'No refund is due under the cancellation policy.'}>
        <Paragraph>{`Hi ${firstName(d.customerName)}, your booking for ${d.workshopName} (${datesOf(d)}) is cancelled and your spots were released.`}</Paragraph>
        <Paragraph>
          {refund
            ? `You will receive ${money(refund)} back${owed ? ` (${money(refund - owed)} to your card, ${money(owed)} by the way you paid us, which we will arrange)` : ' to your card'} within ${POLICY.refundBusinessDays} business days.`
            : 'No refund is due under our cancellation policy.'}
        </Paragraph>
        <Facts facts={bookingFacts(d)} />
        <Paragraph>
          How refunds are computed: see our <TextLink href={bookingUrls(ctx.origin).cancellationPolicy()}>cancellation policy</TextLink>.
        </Paragraph>
        <ManageButton d={d} ctx={ctx} />
      </MailLayout>
    );
  },
};

/** Customer: the booking moved to another workshop; what moved and what holds now, in the manage page's words (shared/transfer-text.ts). */
export const bookingTransferred: MailTemplate<BookingMailData> = {
  subject: (d) => `Your booking moved to ${d.workshopName}, ${datesOf(d)}`,
  Body: ({ data: d, ctx }) => {
    const text: TransferTextInput = {
      fromName: d.fromWorkshopName ?? 'your previous workshop',
      toName: d.workshopName,
      toStartDate: d.startDate,
      today: d.today ?? d.at.slice(0, 10),
      transferFeeCents: d.transferFeeCents ?? 0,
      refundNowCents: d.refundCents ?? 0,
      keptCents: d.keptCents ?? 0,
      cancelBeforeCents: d.cancelBeforeCents ?? 0,
      balanceCents: d.dueCents ?? 0,
      balanceDueDate: d.dueDate ?? null,
      cancelAfterCents: d.cancelAfterCents ?? 0,
    };
    return (
      <MailLayout ctx={ctx} title="Your booking was transferred" preheader={`From ${d.fromWorkshopName} to ${d.workshopName}.`}>
        <Paragraph>{`Hi ${firstName(d.customerName)}, your booking moved from ${d.fromWorkshopName} to ${d.workshopName} (${datesOf(d)}).`}</Paragraph>
        <Paragraph>{transferMoneySentences(text).join(' ')}</Paragraph>
        {d.cancelBeforeCents !== undefined ? <Paragraph>{transferWindowSentences(text).join(' ')}</Paragraph> : null}
        <Facts facts={bookingFacts(d)} />
        <ManageButton d={d} ctx={ctx} />
      </MailLayout>
    );
  },
};

/** Customer: the admin refunded money. */
export const refundIssued: MailTemplate<BookingMailData> = {
  subject: (d) => `Refund of ${money(d.refundCents)} for ${d.workshopName}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="We refunded you" preheader={`${money(d.refundCents)} is on its way back.`}>
      <Paragraph>
        {`Hi ${firstName(d.customerName)}, we refunded ${money(d.refundCents)} for your booking on ${d.workshopName}. ${d.refundOwedCents ? `${money(d.refundOwedCents)} of it comes back the way you paid us; the rest to your card` : 'It comes back to your card'} within ${POLICY.refundBusinessDays} business days.`}
      </Paragraph>
      <Facts facts={bookingFacts(d)} />
      <ManageButton d={d} ctx={ctx} />
    </MailLayout>
  ),
};

/** Customer: a payment arrived after the booking (or its workshop) was cancelled, and went back in full (docs/decisions/065). */
export const latePaymentRefunded: MailTemplate<BookingMailData> = {
  subject: (d) => `Your payment of ${money(d.refundCents)} for ${d.workshopName} was refunded`,
  Body: ({ data: d, ctx }) => {
    const owed = d.refundOwedCents ?? 0;
    return (
      <MailLayout ctx={ctx} title="Your payment was refunded" preheader={`${money(d.refundCents)} is on its way back.`}>
        <Paragraph>
          {`Hi ${firstName(d.customerName)}, your payment of ${money(d.refundCents)} for ${d.workshopName} (${datesOf(d)}) arrived after ${d.lateFor === 'workshop' ? 'the workshop was cancelled' : 'your booking was cancelled'}, so we refunded it in full. It comes back ${owed ? 'the way you paid us' : 'to your card'} within ${POLICY.refundBusinessDays} business days.`}
        </Paragraph>
        <Facts facts={bookingFacts(d)} />
        <ManageButton d={d} ctx={ctx} />
      </MailLayout>
    );
  },
};
