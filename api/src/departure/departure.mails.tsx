import { createEvent } from 'ics';
import { BRAND } from '../shared/brand';
import { formatDateRange, wallTimeIn } from '../shared/dates';
import { ActionButton, Facts, MailLayout, Paragraph, Subheading, TextLink } from '../mail/mail-layout';
import { MAIL_DOMAIN } from '../mail/mailer';
import type { MailAttachment, MailContext, MailTemplate, MailTemplates } from '../mail/mail.types';

/** The mails a departure sends; the value is stored in mail_outbox.kind. */
export const DepartureMailKind = {
  /** Each traveller, 14 and 2 days before the start: meeting point and time, weather, what to bring, the trip's phone. */
  knowBeforeYouGo: 'know_before_you_go',
  /** Each traveller (and optionally the waiting list): the admin's message to the group. */
  groupMessage: 'departure_message',
} as const;

/** What the know-before-you-go mail shows, captured when the job sends it. */
export interface KnowBeforeYouGoMailData {
  workshopId: string;
  workshopName: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  location: string;
  state: string;
  recipientName: string;
  /** The recipient's booking. */
  bookingId: string | null;
  /** The recipient as a traveller (null: a booker before travellers existed). */
  travellerId?: string | null;
  /** Only the booker's mail links the booking's manage page; another traveller's links their own pre-trip page. */
  isBooker?: boolean;
  /** 14 or 2. */
  days: number;
  meetingAddress: string;
  meetingMapUrl: string | null;
  meetingTime: string;
  weather: string;
  whatToBring: string;
  emergencyPhone: string;
}

export interface GroupMessageMailData {
  messageId: string;
  workshopId: string;
  workshopName: string;
  startDate: string;
  endDate: string;
  recipientName: string;
  /** The recipient's booking; null for a waiting-list entry. */
  bookingId: string | null;
  travellerId?: string | null;
  isBooker?: boolean;
  subject: string;
  body: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);

/** "7:30 AM" from "07:30". */
export function formatMeetingTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const hour = ((h ?? 0) + 11) % 12 + 1;
  return `${hour}:${String(m ?? 0).padStart(2, '0')} ${(h ?? 0) < 12 ? 'AM' : 'PM'}`;
}

/** The meeting as a timed calendar event (an hour long), built by the `ics` library, at the instant the wall-clock time means in the workshop's zone. */
export function meetingCalendar(d: KnowBeforeYouGoMailData, ownUrl: string | null): MailAttachment {
  const start = wallTimeIn(d.startDate, d.meetingTime, d.timeZone);
  const description = [
    `${BRAND.name}: ${d.workshopName} (${formatDateRange(d.startDate, d.endDate)}).`,
    `Meeting point: ${d.meetingAddress}`,
    d.meetingMapUrl ? `Map: ${d.meetingMapUrl}` : null,
    `Emergency phone on the trip: ${d.emergencyPhone}`,
    ownUrl ? `Your page: ${ownUrl}` : null,
  ]
    .filter(Boolean)
    .join('\n');
  const { error, value } = createEvent({
    productId: `-//${BRAND.name}//Departures//EN`,
    method: 'PUBLISH',
    uid: `meeting-${d.workshopId}-${d.startDate}@${MAIL_DOMAIN}`,
    title: `${BRAND.shortName}: meet for ${d.workshopName}`,
    description,
    location: d.meetingAddress,
    ...(d.meetingMapUrl ? { url: d.meetingMapUrl } : {}),
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours: 1 },
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: BRAND.name, email: BRAND.contactEmail },
  });
  if (error || !value) throw error ?? new Error('could not build the calendar file');
  return { filename: `meeting-${d.workshopId}.ics`, content: value, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}

/**
 * The recipient's own page: the booker's manage link (money, cancellation) goes
 * to the booker only; another traveller gets their own pre-trip page, never the
 * booker's link. A waiting-list entry gets neither.
 */
export function ownLinkOf(ctx: MailContext, d: { bookingId: string | null; travellerId?: string | null; isBooker?: boolean }): { url: string; label: string } | null {
  if (!ctx.links || !d.bookingId) return null;
  // Mails written before travellers existed name the booker only (no travellerId).
  if (d.isBooker || !d.travellerId) return { url: ctx.links.manageBooking(d.bookingId), label: 'See your booking' };
  return ctx.links.travellerTasks ? { url: ctx.links.travellerTasks(d.travellerId), label: 'Your pre-trip page' } : null;
}

export const knowBeforeYouGo: MailTemplate<KnowBeforeYouGoMailData> = {
  subject: (d) => `Know before you go: ${d.workshopName} starts in ${d.days} days`,
  Body: ({ data: d, ctx }) => {
    const own = ownLinkOf(ctx, d);
    return (
      <MailLayout ctx={ctx} title="Know before you go" preheader={`Meet at ${d.meetingAddress}, ${formatMeetingTime(d.meetingTime)} on the first day.`}>
        <Paragraph>{`Hi ${firstName(d.recipientName)}, ${d.workshopName} (${formatDateRange(d.startDate, d.endDate)}) starts in ${d.days} days. Here is what you need to know; the calendar file attached holds the meeting point and time.`}</Paragraph>
        <Facts
          facts={[
            ['Meeting point', d.meetingAddress],
            ['Meeting time', `${formatMeetingTime(d.meetingTime)} on the first day (local time, ${d.timeZone})`],
            ['Emergency phone on the trip', d.emergencyPhone],
          ]}
        />
        {d.meetingMapUrl ? (
          <Paragraph>
            <TextLink href={d.meetingMapUrl}>Open the meeting point on a map</TextLink>
          </Paragraph>
        ) : null}
        <Subheading>The weather</Subheading>
        {paragraphs(d.weather).map((p, i) => (
          <Paragraph key={`w${i}`}>{p}</Paragraph>
        ))}
        <Subheading>What to bring beyond the gear list</Subheading>
        {paragraphs(d.whatToBring).map((p, i) => (
          <Paragraph key={`b${i}`}>{p}</Paragraph>
        ))}
        {own ? <ActionButton href={own.url}>{own.label}</ActionButton> : null}
      </MailLayout>
    );
  },
  attachments: (d, ctx) => [meetingCalendar(d, ownLinkOf(ctx, d)?.url ?? null)],
};

export const groupMessage: MailTemplate<GroupMessageMailData> = {
  subject: (d) => `${d.subject} (${d.workshopName})`,
  Body: ({ data: d, ctx }) => {
    const own = ownLinkOf(ctx, d);
    return (
      <MailLayout ctx={ctx} title={d.subject} preheader={`A message from your instructor about ${d.workshopName}.`}>
        <Paragraph>{`Hi ${firstName(d.recipientName)}, a message from your instructor about ${d.workshopName} (${formatDateRange(d.startDate, d.endDate)}):`}</Paragraph>
        {paragraphs(d.body).map((p, i) => (
          <Paragraph key={i}>{p}</Paragraph>
        ))}
        {own ? <ActionButton href={own.url}>{own.label}</ActionButton> : null}
      </MailLayout>
    );
  },
};

export const DEPARTURE_MAILS: MailTemplates = {
  [DepartureMailKind.knowBeforeYouGo]: knowBeforeYouGo,
  [DepartureMailKind.groupMessage]: groupMessage,
};
