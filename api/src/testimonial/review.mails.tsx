import { formatDateRange } from '../shared/dates';
import { ActionButton, MailLayout, Paragraph } from '../mail/mail-layout';
import type { MailContext, MailTemplate, MailTemplates } from '../mail/mail.types';

/** The review mails (docs/decisions/089); the value is stored in mail_outbox.kind. */
export const ReviewMailKind = {
  /** A participant, 2 days after the run ended: how was it? (the personal link). */
  reviewRequest: 'review_request',
  /** The same participant, 7 days after, only if no review came: one reminder, never more. */
  reviewReminder: 'review_reminder',
} as const;

/** The payload stored in the outbox: no token (the link is signed when the mail is rendered). */
export interface ReviewMailData {
  bookingId: string;
  recipientKey: string;
  name: string;
  workshopName: string;
  startDate: string;
  endDate: string;
  /** ISO 8601 (UTC): the link works until then. */
  expiresAt: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
const dates = (d: ReviewMailData) => formatDateRange(d.startDate, d.endDate);
const linkOf = (d: ReviewMailData, ctx: MailContext) => ctx.links?.review?.(d.bookingId, d.recipientKey, new Date(d.expiresAt)) ?? `${ctx.origin}/testimonials`;
const expiryText = (d: ReviewMailData) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(d.expiresAt));

/**
 * Every participant is asked, whatever we think they will say (review
 * platforms forbid asking only the happy ones), and told plainly what is
 * published and that nothing is published without their consent.
 */
export const reviewRequest: MailTemplate<ReviewMailData> = {
  subject: (d) => `How was ${d.workshopName}?`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title={`How was ${d.workshopName}?`} preheader="Two minutes: stars and a few words about your trip.">
      <Paragraph>{`Hi ${firstName(d.name)}, thank you for joining ${d.workshopName} (${dates(d)}). We would love to hear how it went, good or bad: your review helps future participants choose, and helps us do better.`}</Paragraph>
      <ActionButton href={linkOf(d, ctx)}>Write my review</ActionButton>
      <Paragraph>{`The link is yours alone and works until ${expiryText(d)}. Your review is published, with the name and place you choose, only if you agree to it and after we read it; we never change your words.`}</Paragraph>
    </MailLayout>
  ),
};

export const reviewReminder: MailTemplate<ReviewMailData> = {
  subject: (d) => `A last word on ${d.workshopName}?`,
  Body: ({ data: d, ctx }) => (
    <MailLayout ctx={ctx} title="Your review, if you have a moment" preheader="One reminder, and then we will not ask again.">
      <Paragraph>{`Hi ${firstName(d.name)}, a few days ago we asked how ${d.workshopName} (${dates(d)}) went. If you have two minutes, your stars and a few words would mean a lot. This is our only reminder.`}</Paragraph>
      <ActionButton href={linkOf(d, ctx)}>Write my review</ActionButton>
      <Paragraph>{`The link works until ${expiryText(d)}. Nothing is published without your consent, and never with changed words.`}</Paragraph>
    </MailLayout>
  ),
};

export const REVIEW_MAILS: MailTemplates = {
  [ReviewMailKind.reviewRequest]: reviewRequest,
  [ReviewMailKind.reviewReminder]: reviewReminder,
};
