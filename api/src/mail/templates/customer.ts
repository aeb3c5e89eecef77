import { BRAND } from '../../shared/brand';
import { formatDateRange } from '../../shared/dates';
import { formatCents } from '../../shared/money';
import { POLICY } from '../../shared/policy';
import { workshopCalendar } from '../calendar';
import type { BookingMailData } from '../mail.types';
import { html } from './html';
import { bookingFacts, firstName, participantsText, paymentLabel, plural, workshopPlace } from './booking-facts';
import { buttonHtml, factsHtml, factsText, link, listHtml, listText, paragraph, subheadingHtml, type MailContext } from './layout';
import { urls } from './links';
import type { Template } from './template';

/** Required for every workshop (spec: /equipment); the page has the full list per workshop type. */
const WHAT_TO_BRING = [
  'A DSLR or mirrorless camera with manual mode',
  'A sturdy tripod',
  'At least 2 spare batteries',
  '64GB or more of memory cards',
];

function whatToBring(ctx: MailContext) {
  const equipment = urls(ctx).equipment();
  return {
    html: html`${subheadingHtml('What to bring')}${listHtml(WHAT_TO_BRING)}${paragraph(
      html`Portrait and wildlife workshops add a few items: see the ${link(equipment, 'full equipment list')}.`,
    )}`,
    text: `WHAT TO BRING\n${listText(WHAT_TO_BRING)}\nPortrait and wildlife workshops add a few items; the full list: ${equipment}`,
  };
}

/** Paid (deposit, installment or in full): the booking is confirmed. */
export const bookingPaid: Template<BookingMailData> = (d, ctx) => {
  const confirmation = urls(ctx).confirmation(d.bookingId);
  const dates = formatDateRange(d.startDate, d.endDate);
  const facts = bookingFacts(d);
  const bring = whatToBring(ctx);
  const received = d.paymentCents === null ? 'your payment' : `your ${paymentLabel(d)} of ${formatCents(d.paymentCents)}`;
  const intro = `Thank you, ${firstName(d.customerName)}! We received ${received}, and your place on ${d.workshopName} (${dates}) is confirmed.`;
  const calendarNote = 'The dates are attached as a calendar file (.ics): open it to add the workshop to your calendar.';
  return {
    subject: `Booking confirmed: ${d.workshopName}, ${dates}`,
    body: {
      title: 'Your booking is confirmed',
      preheader: `${d.workshopName}, ${dates} in ${workshopPlace(d)}: ${participantsText(d)}.`,
      html: html`${paragraph(intro)}${factsHtml(facts)}${buttonHtml(confirmation, 'View your booking')}${paragraph(calendarNote)}${bring.html}${paragraph(
        html`${BRAND.instructor.firstName} will write to you before the workshop with the meeting point and the final itinerary. Cancellation and transfer terms are in our ${link(urls(ctx).cancellationPolicy(), 'cancellation policy')}.`,
      )}`,
      text: [
        intro,
        '',
        factsText(facts),
        '',
        `View your booking: ${confirmation}`,
        '',
        calendarNote,
        '',
        bring.text,
        '',
        `${BRAND.instructor.firstName} will write to you before the workshop with the meeting point and the final itinerary.`,
        `Cancellation and transfer terms: ${urls(ctx).cancellationPolicy()}`,
      ].join('\n'),
    },
    attachments: [workshopCalendar(d, { confirmationUrl: confirmation, confirmed: true })],
  };
};

/** No payment provider: the spots are reserved and we arrange the payment by hand. */
export const bookingReserved: Template<BookingMailData> = (d, ctx) => {
  const confirmation = urls(ctx).confirmation(d.bookingId);
  const dates = formatDateRange(d.startDate, d.endDate);
  const facts = bookingFacts(d);
  const bring = whatToBring(ctx);
  const intro = `Thank you, ${firstName(d.customerName)}! We have reserved ${plural(d.numParticipants, 'spot')} for you on ${d.workshopName} (${dates}).`;
  const next = `Nothing has been charged yet. We will contact you within ${POLICY.responseTimeHours} hours to arrange your ${paymentLabel(d)} of ${formatCents(d.dueNowCents)}; your spots stay reserved until then.`;
  const calendarNote = 'The dates are attached as a calendar file (.ics), marked tentative until payment.';
  return {
    subject: `Your spots are reserved: ${d.workshopName}, ${dates}`,
    body: {
      title: 'Your spots are reserved',
      preheader: `${plural(d.numParticipants, 'spot')} on ${d.workshopName}, ${dates}. Next: payment.`,
      html: html`${paragraph(intro)}${paragraph(next)}${factsHtml(facts)}${buttonHtml(confirmation, 'View your booking')}${paragraph(calendarNote)}${bring.html}`,
      text: [intro, '', next, '', factsText(facts), '', `View your booking: ${confirmation}`, '', calendarNote, '', bring.text].join('\n'),
    },
    attachments: [workshopCalendar(d, { confirmationUrl: confirmation, confirmed: false })],
  };
};

/** An unpaid hold lapsed: the spots went back on sale. */
export const holdExpired: Template<BookingMailData> = (d, ctx) => {
  const dates = formatDateRange(d.startDate, d.endDate);
  const bookAgain = urls(ctx).booking(d.workshopId);
  const intro = `Hi ${firstName(d.customerName)}, we held ${plural(d.numParticipants, 'spot')} for you on ${d.workshopName} (${dates}), but the payment was not completed in time, so the spots were released.`;
  const charged = 'Nothing was charged. If you still want to join us, you are welcome to book again while spots are available.';
  const facts: Array<[string, string]> = [
    ['Workshop', d.workshopName],
    ['Dates', dates],
    ['Location', workshopPlace(d)],
    ['Participants', participantsText(d)],
    ['Booking', d.bookingId],
  ];
  return {
    subject: `Your reservation for ${d.workshopName} has expired`,
    body: {
      title: 'Your spots were released',
      preheader: `The payment was not completed in time. You can book ${d.workshopName} again.`,
      html: html`${paragraph(intro)}${paragraph(charged)}${factsHtml(facts)}${buttonHtml(bookAgain, 'Book again')}${paragraph(
        html`Had trouble paying? Reply to this email and we will help.`,
      )}`,
      text: [intro, '', charged, '', factsText(facts), '', `Book again: ${bookAgain}`, '', 'Had trouble paying? Reply to this email and we will help.'].join('\n'),
    },
    attachments: [],
  };
};

/** Paid after the hold lapsed, and the spots were sold meanwhile: the money is safe, the admin will act. */
export const paymentNeedsAttention: Template<BookingMailData> = (d, ctx) => {
  const dates = formatDateRange(d.startDate, d.endDate);
  const amount = d.paymentCents === null ? 'your payment' : `your payment of ${formatCents(d.paymentCents)}`;
  const intro = `Hi ${firstName(d.customerName)}, we received ${amount} for ${d.workshopName} (${dates}). Unfortunately your reservation had expired before the payment arrived, and the spots have since been taken.`;
  const next = `Your money is safe. We will contact you within ${POLICY.responseTimeHours} hours to move you to another date or workshop, or to refund you in full, as you prefer.`;
  const facts = bookingFacts(d);
  const booking = urls(ctx).confirmation(d.bookingId);
  return {
    subject: `We received your payment for ${d.workshopName}: next steps`,
    body: {
      title: 'We received your payment',
      preheader: 'Your reservation had expired; we will contact you to move or refund it.',
      html: html`${paragraph(intro)}${paragraph(next)}${factsHtml(facts)}${buttonHtml(booking, 'View your booking')}`,
      text: [intro, '', next, '', factsText(facts), '', `View your booking: ${booking}`].join('\n'),
    },
    attachments: [],
  };
};
