import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { createServices } from '../composition-root';
import { createLogger } from '../infrastructure/logger';
import { openDatabase } from '../infrastructure/db/data-source';
import { ENTITIES } from '../entities';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { ScheduledJob } from '../infrastructure/jobs/scheduled-job.entity';
import { Booking } from '../booking/booking.entity';
import { Workshop } from '../workshop/workshop.entity';
import { RecoveryMailKind, type RecoveryMailData } from './recovery.mails';
import { RECOVERY_JOB, recoveryJobKey } from './checkout-recovery.service';

const HOUR = 3_600_000;

/**
 * Recovering abandoned checkouts (docs/decisions/098) with the clock moved: a held
 * booking lapses unpaid; with consent one mail about a day later (once, with two
 * instances), never without consent, never to an address that booked the run since.
 */
describe.each(DB_KINDS)('checkout recovery on %s', (kind) => {
  let s: TestServer;
  let now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());

  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock });
    const base = await s.services.db.manager.findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    await s.services.db.manager.insert(Workshop, { ...base, id: 'recovery-run', name: 'Recovery Run', startDate: '2026-06-01', endDate: '2026-06-05', timeZone: 'UTC', spotsClaimed: 0, capacity: 12 });
    await s.services.db.manager.insert(Workshop, { ...base, id: 'small-run', name: 'Small Run', startDate: '2026-06-10', endDate: '2026-06-14', timeZone: 'UTC', spotsClaimed: 0, capacity: 2 });
    s.services.workshops.catalog.invalidate();
  });
  afterAll(() => s?.close());

  const m = () => s.services.db.manager;
  const post = (path: string, body: unknown) => fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const res = await post('/graphql', { query, variables });
    return (await res.json()) as { data?: Record<string, unknown>; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
  };

  async function book(overrides: Record<string, unknown>): Promise<string> {
    const res = await post('/api/bookings', aBookingBody({ workshop_id: 'recovery-run', ...overrides }));
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  /** Past every hold: the sweeper's pass releases them (publishing holdLapsed). */
  async function lapseAll(): Promise<void> {
    const b = await m().findBy(Booking, { status: 'held' as Booking['status'] });
    const latest = Math.max(...b.map((x) => x.holdExpiresAt?.getTime() ?? 0));
    now = new Date(latest + 60_000);
    await s.services.bookings.releaseExpiredHolds();
  }

  const recoveryMails = async () => (await m().findBy(MailOutbox, { kind: RecoveryMailKind.checkoutRecovery })).map((r) => ({ to: r.recipient, ...(r.payload as RecoveryMailData) }));

  async function runBothInstances(): Promise<void> {
    const other = kind === 'mysql' ? await openDatabase(s.testDb.config, { entities: ENTITIES }) : null;
    try {
      const second = createServices(s.services.config, other ?? s.services.db, createLogger('silent'), clock);
      await Promise.all([s.services.jobs.runDue(), second.jobs.runDue(), s.services.jobs.runDue()]);
      second.mailer.close();
    } finally {
      await other?.close();
    }
  }

  it('stores the consent, unticked by default, and refuses a non-boolean naming the field', async () => {
    const res = await post('/api/bookings', aBookingBody({ workshop_id: 'recovery-run', customer_email: 'bad@example.com', recovery_consent: 'yes' }));
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('recovery_consent');
    expect(await m().countBy(Booking, { customerEmail: 'bad@example.com' })).toBe(0);
    const id = await book({ customer_email: 'default@example.com' });
    expect((await m().findOneByOrFail(Booking, { id })).recoveryConsent).toBe(false);
  });

  it('mails once, about a day after the lapse, with consent only, never to an address that booked the run since; the link refills the form', async () => {
    const consented = await book({ customer_email: 'yes@example.com', customer_name: 'Yara Stone', num_participants: 2, recovery_consent: true });
    const refused = await book({ customer_email: 'no@example.com', recovery_consent: false });
    const cameBack = await book({ customer_email: 'back@example.com', recovery_consent: true });
    await lapseAll();
    for (const id of [consented, refused, cameBack]) expect((await m().findOneByOrFail(Booking, { id })).status).toBe('expired');

    // One job per consenting booking, due a day after the lapse; none without consent.
    const jobs = await m().findBy(ScheduledJob, { kind: RECOVERY_JOB });
    expect(jobs.map((j) => j.key).sort()).toEqual([recoveryJobKey(consented), recoveryJobKey(cameBack)].sort());
    for (const j of jobs) expect(j.dueAt.getTime()).toBe(now.getTime() + 24 * HOUR);

    // The third customer books the run again before the mail is due.
    now = new Date(now.getTime() + 2 * HOUR);
    await book({ customer_email: 'back@example.com' });

    // Not before the day is over.
    now = new Date(now.getTime() + 20 * HOUR);
    await runBothInstances();
    expect(await recoveryMails()).toEqual([]);

    now = new Date(now.getTime() + 3 * HOUR);
    await runBothInstances();
    await runBothInstances();
    const mails = await recoveryMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'yes@example.com', bookingId: consented, workshopId: 'recovery-run', spotsLeft: true, numParticipants: 2 });
    expect(mails[0].url).toMatch(new RegExp(`/booking/recovery-run\\?resume=${consented}#.{32}$`));

    // The mail reads as the customer will read it.
    const outbox = await m().findOneByOrFail(MailOutbox, { kind: RecoveryMailKind.checkoutRecovery });
    const rendered = await s.services.outbox.render(outbox, { origin: 'https://wild.test' });
    expect(rendered.subject).toBe('Your booking for Recovery Run is not finished');
    expect(rendered.text).toContain('Hi Yara, you started booking 2 places on Recovery Run');
    expect(rendered.text).toContain('Finish my booking');

    // The link refills the form over REST and GraphQL; a wrong token is the same NOT_FOUND as an unknown booking.
    const token = mails[0].url.split('#')[1];
    const rest = await post('/api/checkout-recovery', { booking_id: consented, token });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ booking_id: consented, workshop_id: 'recovery-run', customer_email: 'yes@example.com', num_participants: 2, payment_option: 'deposit', spots_left: 11 });
    expect((await post('/api/checkout-recovery', { booking_id: consented, token: 'x'.repeat(32) })).status).toBe(404);
    expect((await post('/api/checkout-recovery', { booking_id: refused, token: s.services.checkoutRecovery['links'].token(refused) })).status).toBe(404);
    const missing = await post('/api/checkout-recovery', { booking_id: consented });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(await missing.json())).toContain('token');
    const g = await gql('mutation($input: ResumeCheckoutInput!) { resumeCheckout(input: $input) { bookingId workshopId numParticipants spotsLeft } }', { input: { bookingId: consented, token } });
    expect(g.errors).toBeUndefined();
    expect(g.data?.resumeCheckout).toEqual({ bookingId: consented, workshopId: 'recovery-run', numParticipants: 2, spotsLeft: 11 });
  });

  it('offers the waiting list when the run filled up since', async () => {
    const lapsed = await book({ workshop_id: 'small-run', customer_email: 'late@example.com', num_participants: 2, recovery_consent: true });
    await lapseAll();
    await book({ workshop_id: 'small-run', customer_email: 'other@example.com', num_participants: 2 });
    now = new Date(now.getTime() + 25 * HOUR);
    await runBothInstances();
    const mail = (await recoveryMails()).find((x) => x.bookingId === lapsed);
    expect(mail).toMatchObject({ to: 'late@example.com', spotsLeft: false });
    const outbox = (await m().findBy(MailOutbox, { kind: RecoveryMailKind.checkoutRecovery })).find((r) => (r.payload as RecoveryMailData).bookingId === lapsed)!;
    const rendered = await s.services.outbox.render(outbox, { origin: 'https://wild.test' });
    expect(rendered.subject).toBe('Small Run filled up: join the waiting list');
    expect(rendered.text).toContain('Join the waiting list');
  });
});
