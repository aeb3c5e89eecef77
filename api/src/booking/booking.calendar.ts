import { createEvent, type DateArray } from 'ics';
import { BRAND } from '../shared/brand';
import { formatCents } from '../shared/money';
import { MAIL_DOMAIN } from '../mail/mailer';
import type { MailAttachment } from '../mail/mail.types';
import { balanceOf, type BookingMailData } from './booking-mail-data';

function dateArray(date: string): DateArray {
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d];
}

/** The calendar date after `date` (iCalendar all-day events end the day after). */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * An iCalendar file with the workshop as an all-day event, built by the `ics`
 * library (escaping, line folding and CRLF are its job, not ours). The UID is
 * per booking, so the confirmation's event replaces the reservation's
 * (higher SEQUENCE) in calendars that imported both.
 */
export function workshopCalendar(d: BookingMailData, options: { confirmationUrl: string; confirmed: boolean }): MailAttachment {
  const { balanceCents } = balanceOf(d);
  const description = [
    `${BRAND.name}: ${d.workshopName}.`,
    `${d.numParticipants} participant(s), booking ${d.bookingId}.`,
    `Total ${formatCents(d.totalCents)}, paid ${formatCents(d.amountPaidCents)}, balance ${formatCents(balanceCents)}.`,
    `Your booking: ${options.confirmationUrl}`,
  ].join('\n');
  const { error, value } = createEvent({
    productId: `-//${BRAND.name}//Bookings//EN`,
    method: 'PUBLISH',
    uid: `booking-${d.bookingId}@${MAIL_DOMAIN}`,
    sequence: options.confirmed ? 1 : 0,
    title: `${BRAND.shortName}: ${d.workshopName}`,
    description,
    location: `${d.location}, ${d.state}`,
    url: options.confirmationUrl,
    start: dateArray(d.startDate),
    end: dateArray(nextDay(d.endDate)),
    status: options.confirmed ? 'CONFIRMED' : 'TENTATIVE',
    busyStatus: 'BUSY',
    organizer: { name: BRAND.name, email: BRAND.contactEmail },
  });
  if (error || !value) throw error ?? new Error('could not build the calendar file');
  return { filename: `${d.workshopId}.ics`, content: value, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}
