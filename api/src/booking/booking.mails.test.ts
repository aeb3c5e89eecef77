import { createLogger } from '../infrastructure/logger';
import { createOutbox } from '../composition-root';
import { PaymentService } from '../payment/payment.service';
import { createTestDb, DB_KINDS, type TestDb } from '../test/db';
import { aBookingInput } from '../test/builders';
import { startedCheckout } from '../test/rows';
import { parseIcs } from '../test/ical';
import { MailOutbox } from '../mail/mail-outbox.entity';
import type { RenderedMail } from '../mail/mail.types';
import type { OutboxService } from '../mail/outbox.service';
import { BookingService } from './booking.service';
import { BookingStatus, PaymentOption, RoomType } from './booking.types';
import type { Booking } from './booking.entity';
import { BookingMailKind as MailKind, type BookingMailData } from './booking-mail-data';

const ORIGIN = 'https://wild.test';
const ADMIN = 'owner@example.com';

/** The "Label:  value" lines of a plain-text mail. */
function facts(text: string): Map<string, string> {
  return new Map([...text.matchAll(/^([A-Z][A-Za-z ]*?):[ ]{2,}(.+)$/gm)].map((m) => [m[1], m[2]]));
}

/** Every mail must read without remote content and link only to our site. */
function expectSelfContained(mail: RenderedMail) {
  expect(mail.html).not.toMatch(/<img|<link|<style|<script|src=|url\(/i);
  for (const [, href] of mail.html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https:\/\/wild\.test(\/|$)|mailto:)/);
  expect(mail.html).toContain('Wild Light Workshops');
  expect(mail.text.startsWith('WILD LIGHT WORKSHOPS\n')).toBe(true);
  expect(mail.text).toContain('hello@wildlightworkshops.com');
  expect(mail.text).not.toMatch(/undefined|null|NaN|\[object/);
  expect(mail.html).not.toMatch(/undefined|NaN|\[object/);
}

describe.each(DB_KINDS)('mail templates with the figures of real bookings, on %s', (kind) => {
  let t: TestDb;
  let now: Date;
  const clock = () => now;
  const logger = createLogger('silent');
  let outbox: OutboxService;
  let reserve: BookingService; // no payment provider
  let hold: BookingService; // with a provider: 30-minute holds
  let payments: PaymentService;

  beforeAll(async () => {
    t = await createTestDb(kind);
    outbox = createOutbox(t.db, clock, logger, ADMIN);
    reserve = new BookingService(t.db, clock, { holdMinutes: null }, outbox);
    hold = new BookingService(t.db, clock, { holdMinutes: 30 }, outbox);
    payments = new PaymentService(t.db, hold, null, clock, logger);
  });
  afterAll(() => t?.drop());
  beforeEach(() => {
    now = new Date('2026-01-05T10:00:00.000Z');
  });

  /** The mails a booking caused, rendered, by kind. */
  async function mailsOf(bookingId: string): Promise<Map<string, { row: MailOutbox; mail: RenderedMail }>> {
    const rows = await t.db.manager.find(MailOutbox, { order: { createdAt: 'ASC' } });
    const mine = rows.filter((r) => (r.payload as BookingMailData).bookingId === bookingId);
    return new Map(await Promise.all(mine.map(async (row) => [row.kind, { row, mail: await outbox.render(row, { origin: ORIGIN }) }] as const)));
  }
  /** The customer pays the session created for the booking (created here, as PaymentService would). */
  const pay = async (booking: Booking, amountCents: number, sessionId: string) =>
    payments.fulfil({ ...(await startedCheckout(t.db, booking, sessionId, amountCents)), expiresAt: now });

  it('reserved and then paid (30% deposit): totals, paid, balance and due date; .ics tentative then confirmed', async () => {
    // Zion: 2 x $2,895 + a partner at 50% ($1,447.50) + private room (default $500) = $7,737.50; deposit 30% = $2,321.25.
    const booking = await reserve.createOrThrow(
      aBookingInput({ numParticipants: 2, numSpouses: 1, roomType: RoomType.private, paymentOption: PaymentOption.deposit, customerName: 'Ana María López' }),
    );
    expect(booking).toMatchObject({ totalCents: 773750, dueNowCents: 232125 });

    const reserved = (await mailsOf(booking.id)).get(MailKind.bookingReserved)!;
    expect(reserved.row.recipient).toBe('ana@example.com');
    const r = reserved.mail;
    expect(r.subject).toBe('Your spots are reserved: Zion Canyon Light & Slot Canyons, Apr 13-18, 2026');
    expect(r.text).toContain('Thank you, Ana! We have reserved 2 spots for you on Zion Canyon Light & Slot Canyons (Apr 13-18, 2026).');
    expect(r.text).toContain('Nothing has been charged yet. We will contact you within 24 hours to arrange your 30% deposit of $2,321.25');
    expect(Object.fromEntries(facts(r.text))).toEqual({
      Workshop: 'Zion Canyon Light & Slot Canyons',
      Dates: 'Apr 13-18, 2026',
      Location: 'Zion National Park, Utah',
      Participants: '2 participants + 1 non-photographer partner',
      Room: 'Private room',
      Total: '$7,737.50',
      Paid: '$0',
      Balance: '$7,737.50',
      'Balance due': 'by Feb 12, 2026',
      'Booking reference': booking.reference,
      Booking: booking.id,
    });
    // The short reference a customer quotes (issue 24), in the text and the HTML alike.
    expect(booking.reference).toMatch(/^WL-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/);
    expect(r.html).toMatch(new RegExp(`Booking reference</td><td[^>]*>${booking.reference}<`));
    expect(r.text).toContain(`Manage your booking: ${ORIGIN}/confirmation/${booking.id}`); // no signed links in this context: the confirmation page
    expect(r.text).toContain(`${ORIGIN}/equipment`);
    expect(r.html).toContain('Zion Canyon Light &amp; Slot Canyons');
    expect(r.html).toContain(`href="${ORIGIN}/confirmation/${booking.id}"`);
    expect(r.html).toContain(`href="${ORIGIN}/equipment"`);
    expect(r.html).toMatch(/Balance due<\/td><td[^>]*>by Feb 12, 2026</);
    expectSelfContained(r);
    expect(r.attachments).toHaveLength(1);
    const tentative = await parseIcs(r.attachments[0].content);
    expect(tentative).toMatchObject({ status: 'TENTATIVE', start: '2026-04-13', end: '2026-04-19', allDay: true });

    // Paid: the confirmation and the admin notice.
    now = new Date('2026-01-06T09:30:00.000Z');
    expect(await pay(booking, 232125, 'cs_test_templates_deposit')).toBe(true);
    const mails = await mailsOf(booking.id);
    const paid = mails.get(MailKind.bookingPaid)!.mail;
    expect(paid.subject).toBe('Booking confirmed: Zion Canyon Light & Slot Canyons, Apr 13-18, 2026');
    expect(paid.text).toContain('We received your 30% deposit of $2,321.25, and your place on Zion Canyon Light & Slot Canyons (Apr 13-18, 2026) is confirmed.');
    expect(facts(paid.text).get('Total')).toBe('$7,737.50');
    expect(facts(paid.text).get('Paid')).toBe('$2,321.25');
    expect(facts(paid.text).get('Balance')).toBe('$5,416.25');
    expect(facts(paid.text).get('Balance due')).toBe('by Feb 12, 2026');
    expect(paid.text).toContain('- A sturdy tripod');
    expect(paid.html).toMatch(/Paid<\/td><td[^>]*>\$2,321\.25</);
    expect(paid.html).toMatch(/Balance<\/td><td[^>]*>\$5,416\.25</);
    expect(facts(paid.text).get('Booking reference')).toBe(booking.reference);
    expectSelfContained(paid);
    const event = await parseIcs(paid.attachments[0].content);
    expect(event).toEqual({
      method: 'PUBLISH',
      uid: `booking-${booking.id}@wildlightworkshops.com`,
      summary: 'Wild Light: Zion Canyon Light & Slot Canyons',
      location: 'Zion National Park, Utah',
      description: expect.stringContaining('Total $7,737.50, paid $2,321.25, balance $5,416.25.'),
      start: '2026-04-13',
      end: '2026-04-19', // all-day events end the day after the last day
      allDay: true,
      status: 'CONFIRMED',
      url: `${ORIGIN}/confirmation/${booking.id}`,
    });
    expect(paid.attachments[0]).toMatchObject({ filename: 'zion-canyon-light.ics', contentType: expect.stringMatching(/^text\/calendar/) });

    const admin = mails.get(MailKind.adminNewBooking)!;
    expect(admin.row.recipient).toBe(ADMIN);
    expect(admin.mail.subject).toBe('New booking: Zion Canyon Light & Slot Canyons, 2 spots, paid $2,321.25');
    expect(Object.fromEntries(facts(admin.mail.text))).toMatchObject({
      Customer: 'Ana María López',
      Email: 'ana@example.com',
      Phone: '+1 555 010 0100',
      'Payment option': '30% deposit',
      'This payment': '$2,321.25',
      Status: 'confirmed / deposit_paid',
      Total: '$7,737.50',
      Paid: '$2,321.25',
      Balance: '$5,416.25',
      'Balance due': 'by Feb 12, 2026',
    });
    expect(admin.mail.text).toContain(`${ORIGIN}/admin/dashboard`);
    expectSelfContained(admin.mail);
    expect([...mails.keys()].sort()).toEqual([MailKind.adminNewBooking, MailKind.bookingPaid, MailKind.bookingReserved].sort());

    // The same session again (replayed webhook, status poll): no new mail.
    expect(await pay(booking, 232125, 'cs_test_templates_deposit')).toBe(false);
    expect((await mailsOf(booking.id)).size).toBe(3);
  });

  it('paid in full: nothing left to pay', async () => {
    const booking = await hold.createOrThrow(aBookingInput({ workshopId: 'yellowstone-winter-wildlife', paymentOption: PaymentOption.full }));
    expect((await mailsOf(booking.id)).size).toBe(0); // a hold with a provider mails nothing until paid
    await pay(booking, 349500, 'cs_test_templates_full');
    const paid = (await mailsOf(booking.id)).get(MailKind.bookingPaid)!.mail;
    expect(paid.subject).toBe('Booking confirmed: Yellowstone in Winter: Wolves, Bison & Steam, Feb 2-7, 2026');
    expect(paid.text).toContain('We received your payment in full of $3,495');
    expect(facts(paid.text).get('Participants')).toBe('1 participant');
    expect(facts(paid.text).get('Room')).toBe('Shared room');
    expect(facts(paid.text).get('Total')).toBe('$3,495');
    expect(facts(paid.text).get('Paid')).toBe('$3,495');
    expect(facts(paid.text).get('Balance')).toBe('$0');
    expect(facts(paid.text).get('Balance due')).toBe('Nothing: paid in full');
    expect(await parseIcs(paid.attachments[0].content)).toMatchObject({ start: '2026-02-02', end: '2026-02-08' });
    expectSelfContained(paid);
  });

  it('a deposit on a workshop whose balance date has passed: the balance is due now', async () => {
    // Booked with a deposit while that was still offered (the balance was not yet due), paid after the due date.
    const today = now;
    now = new Date('2025-11-20T10:00:00.000Z');
    const booking = await hold.createOrThrow(aBookingInput({ workshopId: 'yellowstone-winter-wildlife', paymentOption: PaymentOption.deposit }));
    now = today;
    await pay(booking, booking.dueNowCents, 'cs_test_templates_late_deposit');
    const paid = (await mailsOf(booking.id)).get(MailKind.bookingPaid)!.mail;
    expect(facts(paid.text).get('Paid')).toBe('$1,048.50');
    expect(facts(paid.text).get('Balance')).toBe('$2,446.50');
    expect(facts(paid.text).get('Balance due')).toBe('now (the balance is due 60 days before the start)');
  });

  it('first installment of a payment plan', async () => {
    // Grand Teton $2,795: balance due Jul 30, 2026; from Jan 5 that is a plan of 6, $465.84 today.
    const booking = await hold.createOrThrow(aBookingInput({ workshopId: 'grand-teton-autumn', paymentOption: PaymentOption.payment_plan }));
    expect(booking).toMatchObject({ installments: 6, dueNowCents: 46584 });
    await pay(booking, 46584, 'cs_test_templates_plan');
    const mails = await mailsOf(booking.id);
    const paid = mails.get(MailKind.bookingPaid)!.mail;
    expect(paid.text).toContain('We received your installment of $465.84');
    expect(facts(paid.text).get('Paid')).toBe('$465.84');
    expect(facts(paid.text).get('Balance')).toBe('$2,329.16');
    expect(facts(paid.text).get('Balance due')).toBe('by Jul 30, 2026, in monthly installments (plan of 6)');
    expect(await parseIcs(paid.attachments[0].content)).toMatchObject({ start: '2026-09-28', end: '2026-10-04', location: 'Grand Teton National Park, Wyoming' });
    expect(facts(mails.get(MailKind.adminNewBooking)!.mail.text).get('Payment option')).toBe('Payment plan (6 monthly installments)');
  });

  it('hold expired: the spots were released, with a link to book again', async () => {
    const booking = await hold.createOrThrow(aBookingInput({ workshopId: 'arizona-monsoon-lightning', numParticipants: 3, customerName: 'Jo Park' }));
    await startedCheckout(t.db, booking, 'cs_test_templates_expired'); // only a customer who went to checkout hears of it
    expect(await hold.releaseHold(booking.id, BookingStatus.expired)).toBe(true);
    expect(await hold.releaseHold(booking.id, BookingStatus.expired)).toBe(false); // idempotent, and no second mail
    const mails = await mailsOf(booking.id);
    expect([...mails.keys()]).toEqual([MailKind.holdExpired]);
    const { row, mail } = mails.get(MailKind.holdExpired)!;
    expect(row.recipient).toBe('ana@example.com');
    expect(mail.subject).toBe(`Your reservation for ${booking.workshopName} has expired`);
    expect(mail.text).toContain('Hi Jo, we held 3 spots for you on');
    expect(mail.text).toContain('Aug 3-8, 2026');
    expect(mail.text).toContain('Nothing was charged.');
    expect(mail.text).toContain(`Book again: ${ORIGIN}/booking/arizona-monsoon-lightning`);
    expect(mail.html).toContain(`href="${ORIGIN}/booking/arizona-monsoon-lightning"`);
    expect(mail.attachments).toEqual([]);
    expectSelfContained(mail);

    // A booking the admin cancels is not "expired": no mail.
    const cancelled = await hold.createOrThrow(aBookingInput({ workshopId: 'arizona-monsoon-lightning' }));
    await hold.releaseHold(cancelled.id, BookingStatus.cancelled);
    expect((await mailsOf(cancelled.id)).size).toBe(0);
  });

  it('hardening finding 8: a hold nobody took to checkout expires without mailing the address it gave', async () => {
    const booking = await hold.createOrThrow(aBookingInput({ workshopId: 'arizona-monsoon-lightning', customerName: 'Visit evil.example', customerEmail: 'stranger@example.com' }));
    expect(await hold.releaseHold(booking.id, BookingStatus.expired)).toBe(true);
    expect((await mailsOf(booking.id)).size).toBe(0);
  });

  it('a late payment for spots sold meanwhile: the customer is reassured, the admin is asked to act', async () => {
    const late = await hold.createOrThrow(aBookingInput({ workshopId: 'everglades-wading-birds', numParticipants: 2 }));
    await startedCheckout(t.db, late, 'cs_test_templates_attention');
    await hold.releaseHold(late.id, BookingStatus.expired);
    await hold.createOrThrow(aBookingInput({ workshopId: 'everglades-wading-birds', numParticipants: 12, customerEmail: 'group@example.com' }));
    await pay(late, late.dueNowCents, 'cs_test_templates_attention');
    const mails = await mailsOf(late.id);
    expect([...mails.keys()].sort()).toEqual([MailKind.adminPaymentAttention, MailKind.holdExpired, MailKind.paymentNeedsAttention].sort());
    const customer = mails.get(MailKind.paymentNeedsAttention)!;
    expect(customer.row.recipient).toBe('ana@example.com');
    expect(customer.mail.text).toContain('we received your payment of $1,497'); // 30% of 2 x $2,495
    expect(customer.mail.text).toContain('Your money is safe.');
    // Issue 21: no balance falls due on spots they do not have; we contact them to move or refund it.
    expect(facts(customer.mail.text).get('Balance due')).toBe('Nothing for now: we will contact you to move or refund your booking');
    expect(facts(customer.mail.text).has('Balance')).toBe(false);
    expect(customer.mail.attachments).toEqual([]); // no calendar entry for spots they do not have
    expectSelfContained(customer.mail);
    const admin = mails.get(MailKind.adminPaymentAttention)!;
    expect(admin.row.recipient).toBe(ADMIN);
    expect(admin.mail.subject).toMatch(/^Action needed: late payment for /);
    expect(facts(admin.mail.text).get('Status')).toBe('needs_attention / deposit_paid');
    expect(admin.mail.text).toContain('Please refund the payment or move the customer');
    expectSelfContained(admin.mail);
  });
});
