import { seasonClock, seasonSeconds, startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { TestSmtpServer } from '../test/smtp';
import { FakeStripe } from '../test/fake-stripe/fake-stripe';
import { Booking } from '../booking/booking.entity';
import { MailOutbox, MailStatus } from './mail-outbox.entity';
import { MailWorker } from './mail-worker';
import { parseIcs } from '../test/ical';
import { HoldSweeper } from '../booking/hold-sweeper';

const WEBHOOK_SECRET = 'whsec_test_secret';
const ADMIN = 'owner@example.com';
const CUSTOMER = 'ana@example.com';
const MAIL_ENV = { ADMIN_EMAIL: ADMIN, MAIL_FROM: 'Wild Light Workshops <bookings@wildlightworkshops.com>', PUBLIC_ORIGIN: 'https://wild.test' };

const json = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.each(DB_KINDS)('mails from the real API (Stripe fake + SMTP server), on %s', (kind) => {
  let s: TestServer;
  let stripe: FakeStripe;
  let smtp: TestSmtpServer;
  let worker: MailWorker;

  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    stripe = await new FakeStripe({ webhookSecret: WEBHOOK_SECRET, now: seasonSeconds }).start();
    s = await startTestServer(kind, { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url, SMTP_URL: smtp.url, ...MAIL_ENV });
    stripe.webhookUrl = `${s.url}/api/webhook/stripe`;
    worker = new MailWorker(s.services, s.services.logger);
  });
  afterAll(async () => {
    await worker?.stop();
    await s?.close();
    await stripe?.close();
    await smtp?.stop();
  });

  const book = async (overrides: Record<string, unknown> = {}) => {
    const res = await json(`${s.url}/api/bookings`, aBookingBody(overrides));
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; total_amount: number; amount_due_now: number };
  };
  const checkout = async (bookingId: string) => (await (await json(`${s.url}/api/checkout/create-session`, { booking_id: bookingId, origin_url: 'https://wild.test' })).json()).session_id as string;
  const received = (bookingId: string) => smtp.received.filter((m) => m.parsed.text?.includes(bookingId));

  it('paying a booking delivers exactly one confirmation with a valid .ics, and one admin notice; a replayed webhook sends nothing new', async () => {
    const b = await book({ workshop_id: 'zion-canyon-light', num_participants: 2, payment_option: 'deposit', customer_email: CUSTOMER });
    const sessionId = await checkout(b.id);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 }); // a hold mails nothing
    const session = await stripe.pay(sessionId); // the fake posts the signed checkout.session.completed
    expect(await s.services.db.manager.findOneByOrFail(Booking, { id: b.id })).toMatchObject({ status: 'confirmed', amountPaidCents: 173700 });

    expect(await worker.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
    const mails = received(b.id);
    expect(mails).toHaveLength(2);
    const [customer] = smtp.to(CUSTOMER).filter((m) => mails.includes(m));
    const [admin] = smtp.to(ADMIN).filter((m) => mails.includes(m));
    expect(customer.parsed.subject).toBe('Booking confirmed: Zion Canyon Light & Slot Canyons, Apr 13-18, 2026');
    expect(customer.parsed.text).toContain('We received your 30% deposit of $1,737');
    expect(customer.parsed.text).toContain(`Manage your booking: https://wild.test/manage/${b.id}#`);
    expect(customer.parsed.html).toContain('Your booking is confirmed');
    const ics = customer.parsed.attachments.filter((a) => a.contentType === 'text/calendar');
    expect(ics).toHaveLength(1);
    expect(ics[0].filename).toBe('zion-canyon-light.ics');
    expect(await parseIcs(ics[0].content.toString('utf8'))).toMatchObject({
      uid: `booking-${b.id}@wildlightworkshops.com`,
      start: '2026-04-13',
      end: '2026-04-19',
      allDay: true,
      status: 'CONFIRMED',
      location: 'Zion National Park, Utah',
    });
    expect(admin.parsed.subject).toBe('New booking: Zion Canyon Light & Slot Canyons, 2 spots, paid $1,737');

    // Stripe delivers the same event again, and a new event for the same payment, and the status page polls.
    const again = stripe.signedEvent('checkout.session.completed', session);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${s.url}/api/webhook/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': again.header }, body: again.payload });
      expect(res.status).toBe(200);
    }
    expect((await fetch(`${s.url}/api/checkout/status/${sessionId}`)).status).toBe(200);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(received(b.id)).toHaveLength(2);
    const rows = await s.services.db.manager.find(MailOutbox);
    expect(rows.filter((r) => JSON.stringify(r.payload).includes(b.id))).toHaveLength(2);
  });

  it('an expired checkout tells the customer the spots were released, with a link to book again', async () => {
    const b = await book({ workshop_id: 'great-plains-supercells', num_participants: 3 });
    const sessionId = await checkout(b.id);
    await stripe.expire(sessionId); // signed checkout.session.expired → hold released
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [mail] = received(b.id);
    expect(mail.to).toEqual([CUSTOMER]);
    expect(mail.parsed.subject).toMatch(/^Your reservation for .+ has expired$/);
    expect(mail.parsed.text).toContain('Book again: https://wild.test/booking/great-plains-supercells');
  });

  it('hardening finding 8: a hold that lapses without anyone going to checkout mails nobody', async () => {
    const b = await book({ workshop_id: 'great-plains-supercells', customer_email: 'stranger@example.com', customer_name: 'Visit evil.example now' });
    await s.services.db.manager.update(Booking, { id: b.id }, { holdExpiresAt: new Date(seasonClock().getTime() - 1000) });
    expect(await new HoldSweeper(s.services, s.services.logger).sweep()).toBeGreaterThanOrEqual(1);
    expect(await s.services.db.manager.findOneByOrFail(Booking, { id: b.id })).toMatchObject({ status: 'expired' });
    expect(await s.services.db.manager.countBy(MailOutbox, { recipient: 'stranger@example.com' })).toBe(0);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.to('stranger@example.com')).toHaveLength(0);
  });

  it('SMTP down: the booking and payment succeed anyway; the mails go out once the server is back, exactly once', async () => {
    await smtp.stop();
    let b: { id: string };
    try {
      b = await book({ workshop_id: 'olympic-coast-rainforest', payment_option: 'full' });
      await stripe.pay(await checkout(b.id));
      expect(await s.services.db.manager.findOneByOrFail(Booking, { id: b.id })).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 2, failed: 0 });
      const rows = await s.services.db.manager.findBy(MailOutbox, { status: MailStatus.pending });
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.attempts === 1 && /ECONNREFUSED/.test(r.lastError ?? ''))).toBe(true);
    } finally {
      await smtp.start();
    }
    // Backoff: nothing is retried before its time...
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    // ...and when the time comes (moved here instead of waiting 30 s), each goes out once.
    await s.services.db.manager.createQueryBuilder().update(MailOutbox).set({ nextAttemptAt: new Date(seasonClock().getTime() - 1000) }).where('status = :p', { p: MailStatus.pending }).execute();
    expect(await worker.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const mails = received(b!.id);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([ADMIN, CUSTOMER].sort());
  });
});

describe.each(DB_KINDS)('mails without a payment provider, on %s', (kind) => {
  let s: TestServer;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    s = await startTestServer(kind, { SMTP_URL: smtp.url, ...MAIL_ENV });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.stop();
  });

  it('a reserved booking mails the customer its figures and a tentative .ics', async () => {
    const res = await json(`${s.url}/api/bookings`, aBookingBody({ workshop_id: 'nyc-portrait-posing', num_participants: 1, room_type: 'private' }));
    expect(res.status).toBe(201);
    const b = await res.json();
    expect(await new MailWorker(s.services, s.services.logger).runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [mail] = smtp.to(CUSTOMER);
    // NYC: $1,895 + private room $800 = $2,695; deposit 30% = $808.50.
    expect(mail.parsed.subject).toBe(`Your spots are reserved: ${b.workshop_name}, Apr 24-27, 2026`);
    expect(mail.parsed.text).toMatch(/Total:\s+\$2,695\n/);
    expect(mail.parsed.text).toContain('arrange your 30% deposit of $808.50');
    const ics = mail.parsed.attachments.find((a) => a.contentType === 'text/calendar')!;
    expect(await parseIcs(ics.content.toString('utf8'))).toMatchObject({ status: 'TENTATIVE', start: '2026-04-24', end: '2026-04-28' });
  });

  it('hardening finding 8: bookings naming the same address mail it at most 5 times a day; the rest are stored as suppressed and never sent', async () => {
    const victim = 'victim@example.com';
    for (let i = 0; i < 7; i++) {
      const res = await json(`${s.url}/api/bookings`, aBookingBody({ customer_email: victim, customer_name: `Spam${i} buy pills at evil.example` }));
      expect(res.status).toBe(201); // the booking itself is not refused: spots are the hoarding defence's concern
    }
    const rows = await s.services.db.manager.findBy(MailOutbox, { recipient: victim });
    expect(rows.filter((r) => r.status === MailStatus.pending)).toHaveLength(5);
    expect(rows.filter((r) => r.status === MailStatus.suppressed)).toHaveLength(2);
    const worker = new MailWorker(s.services, s.services.logger);
    expect(await worker.runOnce()).toEqual({ sent: 5, retried: 0, failed: 0 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.to(victim)).toHaveLength(5);
  });
});
