import { BRAND } from '../shared/brand';
import { formatCents } from '../shared/money';
import { POLICY } from '../shared/policy';
import { ActionButton, BulletList, Facts, MailLayout, Paragraph, Subheading, TextLink } from '../mail/mail-layout';
import type { MailContext, MailTemplate } from '../mail/mail.types';
import { workshopCalendar } from './booking.calendar';
import {
  bookingFacts,
  referenceFacts,
  bookingUrls,
  customerFacts,
  datesOf,
  firstName,
  participantsText,
  paymentLabel,
  plural,
  workshopPlace,
  type BookingMailData,
} from './booking-mail-data';

/** Required for every workshop (spec: /equipment); the page has the full list per workshop type. */
const WHAT_TO_BRING = [
  'A DSLR or mirrorless camera with manual mode',
  'A sturdy tripod',
  'At least 2 spare batteries',
  '64GB or more of memory cards',
];

function WhatToBring({ ctx }: { ctx: MailContext }) {
  return (
    <>
      <Subheading>What to bring</Subheading>
      <BulletList items={WHAT_TO_BRING} />
      <Paragraph>
        Portrait and wildlife workshops add a few items: see the <TextLink href={bookingUrls(ctx.origin).equipment()}>full equipment list</TextLink>.
      </Paragraph>
    </>
  );
}

/**
 * The personal "Manage your booking" link every customer mail carries: pay
 * the balance, see payments, cancel or transfer (docs/decisions/062).
 */
export function ManageButton({ d, ctx }: { d: Pick<BookingMailData, 'bookingId'>; ctx: MailContext }) {
  const href = ctx.links?.manageBooking(d.bookingId) ?? bookingUrls(ctx.origin).confirmation(d.bookingId);
  return <ActionButton href={href}>Manage your booking</ActionButton>;
}

/** Paid (deposit, installment or in full): the booking is confirmed. */
export const bookingPaid: MailTemplate<BookingMailData> = {
  subject: (d) => `Booking confirmed: ${d.workshopName}, ${datesOf(d)}`,
  Body: ({ data: d, ctx }) => {
    const urls = bookingUrls(ctx.origin);
    const received = d.paymentCents === null ? 'your payment' : `your ${paymentLabel(d)} of ${formatCents(d.paymentCents)}`;
    return (
      <MailLayout ctx={ctx} title="Your booking is confirmed" preheader={`${d.workshopName}, ${datesOf(d)} in ${workshopPlace(d)}: ${participantsText(d)}.`}>
        <Paragraph>{`Thank you, ${firstName(d.customerName)}! We received ${received}, and your place on ${d.workshopName} (${datesOf(d)}) is confirmed.`}</Paragraph>
        <Facts facts={bookingFacts(d)} />
        <ManageButton d={d} ctx={ctx} />
        <Paragraph>The dates are attached as a calendar file (.ics): open it to add the workshop to your calendar.</Paragraph>
        <WhatToBring ctx={ctx} />
        <Paragraph>
          {`${BRAND.instructor.firstName} will write to you before the workshop with the meeting point and the final itinerary. `}
          Cancellation and transfer terms are in our <TextLink href={urls.cancellationPolicy()}>cancellation policy</TextLink>.
        </Paragraph>
      </MailLayout>
    );
  },
  attachments: (d, ctx) => [workshopCalendar(d, { confirmationUrl: bookingUrls(ctx.origin).confirmation(d.bookingId), confirmed: true })],
};

/** No payment provider: the spots are reserved and we arrange the payment by hand. */
export const bookingReserved: MailTemplate<BookingMailData> = {
  subject: (d) => `Your spots are reserved: ${d.workshopName}, ${datesOf(d)}`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="Your spots are reserved" preheader={`${plural(d.numParticipants, 'spot')} on ${d.workshopName}, ${datesOf(d)}. Next: payment.`}>
      <Paragraph>{`Thank you, ${firstName(d.customerName)}! We have reserved ${plural(d.numParticipants, 'spot')} for you on ${d.workshopName} (${datesOf(d)}).`}</Paragraph>
      <Paragraph>
        {`Nothing has been charged yet. We will contact you within ${POLICY.responseTimeHours} hours to arrange your ${paymentLabel(d)} of ${formatCents(d.dueNowCents)}; your spots stay reserved for ${POLICY.offlineReservationDays} days meanwhile.`}
      </Paragraph>
      <Facts facts={bookingFacts(d)} />
      <ManageButton d={d} ctx={ctx} />
      <Paragraph>The dates are attached as a calendar file (.ics), marked tentative until payment.</Paragraph>
      <WhatToBring ctx={ctx} />
    </MailLayout>
  ),
  attachments: (d, ctx) => [workshopCalendar(d, { confirmationUrl: bookingUrls(ctx.origin).confirmation(d.bookingId), confirmed: false })],
};

/** An unpaid hold lapsed: the spots went back on sale. */
export const holdExpired: MailTemplate<BookingMailData> = {
  subject: (d) => `Your reservation for ${d.workshopName} has expired`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="Your spots were released" preheader={`The payment was not completed in time. You can book ${d.workshopName} again.`}>
      <Paragraph>
        {`Hi ${firstName(d.customerName)}, we held ${plural(d.numParticipants, 'spot')} for you on ${d.workshopName} (${datesOf(d)}), but the payment was not completed in time, so the spots were released.`}
      </Paragraph>
      <Paragraph>Nothing was charged. If you still want to join us, you are welcome to book again while spots are available.</Paragraph>
      <Facts
        facts={[
          ['Workshop', d.workshopName],
          ['Dates', datesOf(d)],
          ['Location', workshopPlace(d)],
          ['Participants', participantsText(d)],
          ...referenceFacts(d),
        ]}
      />
      <ActionButton href={bookingUrls(ctx.origin).booking(d.workshopId)}>Book again</ActionButton>
      <Paragraph>Had trouble paying? Reply to this email and we will help.</Paragraph>
    </MailLayout>
  ),
};

/** Paid after the hold lapsed, and the spots were sold meanwhile: the money is safe, the admin will act. */
export const paymentNeedsAttention: MailTemplate<BookingMailData> = {
  subject: (d) => `We received your payment for ${d.workshopName}: next steps`,
  Body: ({ data: d, ctx }) => {
    const amount = d.paymentCents === null ? 'your payment' : `your payment of ${formatCents(d.paymentCents)}`;
    return (
      <MailLayout ctx={ctx} title="We received your payment" preheader="Your reservation had expired; we will contact you to move or refund it.">
        <Paragraph>
          {`Hi ${firstName(d.customerName)}, we received ${amount} for ${d.workshopName} (${datesOf(d)}). Unfortunately your reservation had expired before the payment arrived, and the spots have since been taken.`}
        </Paragraph>
        <Paragraph>
          {`Your money is safe. We will contact you within ${POLICY.responseTimeHours} hours to move you to another date or workshop, or to refund you in full, as you prefer.`}
        </Paragraph>
        <Facts facts={bookingFacts(d)} />
        <ManageButton d={d} ctx={ctx} />
      </MailLayout>
    );
  },
};

/** Admin: a new paid booking. */
export const adminNewBooking: MailTemplate<BookingMailData> = {
  subject: (d) => `New booking: ${d.workshopName}, ${plural(d.numParticipants, 'spot')}${paidSuffix(d)}`,
  Body: ({ data: d, ctx }) => {
    const intro = `${d.customerName} booked ${plural(d.numParticipants, 'spot')} on ${d.workshopName}${paidSuffix(d)}.`;
    return (
      <MailLayout ctx={ctx} title="New paid booking" preheader={intro}>
        <Paragraph>{intro}</Paragraph>
        <Facts facts={[...customerFacts(d), ...bookingFacts(d)]} />
        <ActionButton href={bookingUrls(ctx.origin).admin()}>Open the admin dashboard</ActionButton>
      </MailLayout>
    );
  },
};

function paidSuffix(d: BookingMailData): string {
  return d.paymentCents === null ? '' : `, paid ${formatCents(d.paymentCents)}`;
}

/** Admin: paid after the hold lapsed, the spots were sold meanwhile: refund or move the customer. */
export const adminPaymentAttention: MailTemplate<BookingMailData> = {
  subject: (d) => `Action needed: late payment for ${d.workshopName}`,
  Body: ({ data: d, ctx }) => {
    const amount = d.paymentCents === null ? 'a payment' : formatCents(d.paymentCents);
    return (
      <MailLayout ctx={ctx} title="Action needed: a late payment" preheader={`${amount} received for spots no longer free.`}>
        <Paragraph>
          {`${d.customerName} paid ${amount} for ${d.workshopName} after their hold had lapsed, and the spots had been sold meanwhile. The booking is marked needs_attention with the money on record.`}
        </Paragraph>
        <Paragraph>
          <strong>
            Please refund the payment or move the customer to another date; the customer was told we will contact them within 24 hours.
          </strong>
        </Paragraph>
        <Facts facts={[...customerFacts(d), ...bookingFacts(d)]} />
        <ActionButton href={bookingUrls(ctx.origin).admin()}>Open the admin dashboard</ActionButton>
      </MailLayout>
    );
  },
};
