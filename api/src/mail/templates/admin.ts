import { formatCents } from '../../shared/money';
import type { BookingMailData, CommunityMessageMailData } from '../mail.types';
import { html } from './html';
import { bookingFacts, paymentOptionText, plural } from './booking-facts';
import { urls } from './links';
import { buttonHtml, factsHtml, factsText, link, paragraph, quoteHtml, quoteText, type Facts } from './layout';
import type { Template } from './template';

const TOPIC_LABELS: Record<string, string> = {
  general: 'General',
  ride_sharing: 'Ride sharing',
  equipment: 'Equipment',
  questions: 'Questions',
};

function customerFacts(d: BookingMailData): Facts {
  return [
    ['Customer', d.customerName],
    ['Email', d.customerEmail],
    ['Phone', d.customerPhone],
    ['Payment option', paymentOptionText(d)],
    ['This payment', d.paymentCents === null ? '-' : formatCents(d.paymentCents)],
    ['Status', `${d.status} / ${d.paymentStatus}`],
  ];
}

/** A new paid booking. */
export const adminNewBooking: Template<BookingMailData> = (d, ctx) => {
  const facts = [...customerFacts(d), ...bookingFacts(d)];
  const paid = d.paymentCents === null ? '' : `, paid ${formatCents(d.paymentCents)}`;
  const intro = `${d.customerName} booked ${plural(d.numParticipants, 'spot')} on ${d.workshopName}${paid}.`;
  const dashboard = urls(ctx).admin();
  return {
    subject: `New booking: ${d.workshopName}, ${plural(d.numParticipants, 'spot')}${paid}`,
    body: {
      title: 'New paid booking',
      preheader: intro,
      html: html`${paragraph(intro)}${factsHtml(facts)}${buttonHtml(dashboard, 'Open the admin dashboard')}`,
      text: [intro, '', factsText(facts), '', `Admin dashboard: ${dashboard}`].join('\n'),
    },
    attachments: [],
  };
};

/** Paid after the hold lapsed, the spots were sold meanwhile: refund or move the customer. */
export const adminPaymentAttention: Template<BookingMailData> = (d, ctx) => {
  const facts = [...customerFacts(d), ...bookingFacts(d)];
  const amount = d.paymentCents === null ? 'a payment' : formatCents(d.paymentCents);
  const intro = `${d.customerName} paid ${amount} for ${d.workshopName} after their hold had lapsed, and the spots had been sold meanwhile. The booking is marked needs_attention with the money on record.`;
  const action = 'Please refund the payment or move the customer to another date; the customer was told we will contact them within 24 hours.';
  const dashboard = urls(ctx).admin();
  return {
    subject: `Action needed: late payment for ${d.workshopName}`,
    body: {
      title: 'Action needed: a late payment',
      preheader: `${amount} received for spots no longer free.`,
      html: html`${paragraph(intro)}${paragraph(html`<strong>${action}</strong>`)}${factsHtml(facts)}${buttonHtml(dashboard, 'Open the admin dashboard')}`,
      text: [intro, '', action, '', factsText(facts), '', `Admin dashboard: ${dashboard}`].join('\n'),
    },
    attachments: [],
  };
};

/** A new message on a workshop's community board. */
export const adminCommunityMessage: Template<CommunityMessageMailData> = (d, ctx) => {
  const topic = TOPIC_LABELS[d.topic] ?? d.topic;
  const board = urls(ctx).community(d.workshopId);
  const facts: Facts = [
    ['Workshop', d.workshopName],
    ['Topic', topic],
    ['From', `${d.authorName} <${d.authorEmail}>`],
    ['Posted', `${d.createdAt.slice(0, 16).replace('T', ' ')} UTC`],
  ];
  const intro = `${d.authorName} posted on the ${d.workshopName} community board:`;
  return {
    subject: `New community message on ${d.workshopName} (${topic})`,
    body: {
      title: 'New community message',
      preheader: d.message.slice(0, 120),
      html: html`${paragraph(intro)}${quoteHtml(d.message)}${factsHtml(facts)}${paragraph(html`Read and answer it on the ${link(board, 'community board')}.`)}`,
      text: [intro, '', quoteText(d.message), '', factsText(facts), '', `Community board: ${board}`].join('\n'),
    },
    attachments: [],
  };
};
