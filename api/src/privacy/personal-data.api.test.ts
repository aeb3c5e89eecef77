import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { createServices } from '../composition-root';
import { createLogger } from '../infrastructure/logger';
import { AuditEvent } from '../audit/audit-event.entity';
import { Booking } from '../booking/booking.entity';
import { BookingPayment } from '../booking/ledger.entities';
import { CommunityMessage } from '../community/community-message.entity';
import { MailOutbox, MailStatus } from '../mail/mail-outbox.entity';
import { Traveller } from '../traveller/traveller.entity';
import { WaitlistEntry } from '../waitlist/waitlist-entry.entity';
import { MessageTopic } from '../community/community.types';
import { WaitlistState } from '../waitlist/waitlist.types';
import { tripDataEraseAt } from '../shared/retention';
import { TRIP_DATA_ERASE_JOB, tripDataJobKey } from './trip-data-retention';
import { ADMIN_ACTOR, customerActor } from '../audit/audit-log.service';

const ADMIN = `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`;
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * Personal data (issue 26, docs/decisions/100-101) over the real API: the
 * trip-only data of Zion (April 13-18, 2026) erased by a database job the
 * retention period after the run (once with two workers), then one customer's
 * export and erasure behind the admin credential.
 */
describe.each(DB_KINDS)('personal data on %s', (kind) => {
  let s: TestServer;
  let now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());
  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock });
  });
  afterAll(() => s?.close());

  const m = () => s.services.db.manager;
  const book = async (body: Record<string, unknown>) => {
    const res = await fetch(`${s.url}/api/bookings`, json(aBookingBody(body)));
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const admin = (path: string, body?: unknown, method = 'POST') =>
    fetch(`${s.url}/api/admin${path}`, { method, headers: { 'content-type': 'application/json', authorization: ADMIN }, body: body === undefined ? undefined : JSON.stringify(body) });
  const adminBookings = async (query = '') => (await (await admin(`/bookings${query}`, undefined, 'GET')).json()) as Array<Record<string, unknown>>;
  const auditOf = (action: string) => m().find(AuditEvent, { where: { action }, order: { id: 'ASC' } });
  const secondInstance = () => createServices(s.services.config, s.services.db, createLogger('silent'), clock);

  let ana: string; // Zion, two travellers (Ana and Tom)
  let ben: string; // Zion, cancelled
  let dee: string; // Arizona (August): still to come when the clock is in July
  let moneyBefore: Array<Record<string, unknown>>;
  const eraseAt = tripDataEraseAt('2026-04-18', 90);

  it('each booking gets its erasure job, due the retention period after its run ends', async () => {
    ana = await book({ customer_name: 'Ana Lopez', customer_email: 'ana.privacy@example.com', num_participants: 2, travellers: [{ name: 'Tom Reyes', email: 'tom.privacy@example.com' }] });
    ben = await book({ customer_name: 'Ben Carter', customer_email: 'ben.privacy@example.com', health_concerns: 'Bad knee', emergency_contact_name: 'Bea Carter' });
    dee = await book({ workshop_id: 'arizona-monsoon-lightning', customer_name: 'Dee Fox', customer_email: 'dee.privacy@example.com' });
    await s.services.bookings.recordPaymentOrThrow(ana, 173_700);
    await s.services.bookings.recordPaymentOrThrow(ben, 86_850);
    const deeRow = await m().findOneByOrFail(Booking, { id: dee });
    await s.services.bookings.recordPaymentOrThrow(dee, deeRow.dueNowCents);
    expect((await admin(`/bookings/${ben}/cancel`)).status).toBe(200);
    // Tom's own travel details, as his tasks page would write them.
    await m().update(Traveller, { bookingId: ana, position: 2 }, { healthConcerns: 'Pollen allergy', arrivalDate: '2026-04-12', flightNumber: 'UA123', emergencyContactName: 'Rita Reyes' });

    const job = await s.services.jobs.findByKey(tripDataJobKey(ana));
    expect(job).toMatchObject({ kind: TRIP_DATA_ERASE_JOB, state: 'pending' });
    expect(job!.dueAt.toISOString()).toBe(eraseAt.toISOString());
    expect(eraseAt.toISOString()).toBe('2026-07-18T03:00:00.000Z');
    // Mails the worker sent long ago (the test app runs no mail worker).
    await m().update(MailOutbox, { status: MailStatus.pending }, { status: MailStatus.sent, sentAt: now });
    moneyBefore = (await adminBookings()).map((b) => ({ id: b.id, total: b.total_amount, paid: b.amount_paid, refunded: b.amount_refunded }));
  });

  it('nothing is erased before the period ends', async () => {
    now = new Date(eraseAt.getTime() - 60_000);
    await s.services.jobs.runDue();
    const row = (await adminBookings()).find((b) => b.id === ana)!;
    expect(row).toMatchObject({ health_concerns: 'Mild asthma', emergency_contact_name: 'Luis Lopez' });
    expect(await auditOf('privacy.trip_data_erased')).toHaveLength(0);
  });

  it('past the period: health, dietary, emergency, age and travel details are empty in the admin, the API and the CSV; one audit row per booking; money unchanged', async () => {
    now = new Date(eraseAt.getTime() + 3_600_000);
    const other = secondInstance();
    await Promise.all([s.services.jobs.runDue(), other.jobs.runDue(), s.services.jobs.runDue()]);

    const rows = await adminBookings();
    for (const id of [ana, ben]) {
      expect(rows.find((b) => b.id === id)).toMatchObject({ health_concerns: null, dietary_restrictions: null, age: null, emergency_contact_name: '', emergency_contact_phone: '', emergency_contact_email: '' });
    }
    // Dee's run (August) is still to come: untouched.
    expect(rows.find((b) => b.id === dee)).toMatchObject({ health_concerns: 'Mild asthma', emergency_contact_name: 'Luis Lopez' });
    expect(rows.map((b) => ({ id: b.id, total: b.total_amount, paid: b.amount_paid, refunded: b.amount_refunded }))).toEqual(moneyBefore);
    // Names and emails stay (accounting).
    expect(rows.find((b) => b.id === ana)).toMatchObject({ customer_name: 'Ana Lopez', customer_email: 'ana.privacy@example.com' });

    const travellers = await m().find(Traveller, { where: { bookingId: ana }, order: { position: 'ASC' } });
    expect(travellers.map((t) => t.name)).toEqual(['Ana Lopez', 'Tom Reyes']);
    for (const t of travellers) {
      expect(t).toMatchObject({ age: null, healthConcerns: null, dietaryRestrictions: null, emergencyContactName: null, emergencyContactPhone: null, emergencyContactEmail: null, arrivalDate: null, flightNumber: null, roommateName: null });
    }

    // The admin's departure view and its CSV.
    const view = (await (await admin('/departures/zion-canyon-light', undefined, 'GET')).json()) as { travellers: Array<Record<string, unknown>> };
    for (const t of view.travellers) expect(t).toMatchObject({ health_concerns: null, emergency_contact_name: null });
    const csv = await (await admin('/departures/zion-canyon-light/roster.csv', undefined, 'GET')).text();
    expect(csv).toContain('Ana Lopez');
    for (const gone of ['Mild asthma', 'Pollen allergy', 'Luis Lopez', 'Rita Reyes', 'UA123', 'Vegetarian']) expect(csv).not.toContain(gone);

    // GraphQL, as the admin.
    const gql = await s.gql<{ booking: Record<string, unknown> }>(`query($id: ID!) { booking(id: $id) { healthConcerns emergencyContactName age } }`, { id: ana }, { authorization: ADMIN });
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.booking).toEqual({ healthConcerns: null, emergencyContactName: '', age: null });

    // The admin's search no longer finds the emergency contact.
    expect(await adminBookings('?text=Luis&workshop_id=zion-canyon-light&limit=50')).toEqual([]);

    // One audit row per booking, naming the categories, never the values.
    const audit = await auditOf('privacy.trip_data_erased');
    expect(audit.map((a) => a.bookingId).sort()).toEqual([ana, ben].sort());
    const anaRow = audit.find((a) => a.bookingId === ana)!;
    expect(JSON.parse(anaRow.after!)).toEqual({ categories: ['health', 'dietary', 'emergency_contact', 'age', 'travel'], retentionDays: 90 });
    expect(`${anaRow.detail} ${anaRow.after}`).not.toMatch(/asthma|Luis|UA123/);
    expect((await s.services.jobs.findByKey(tripDataJobKey(ana)))!.state).toBe('done');

    // Mail bodies older than the period are blanked (the rows, who and when, stay).
    const periodStart = new Date(now.getTime() - 90 * 86_400_000);
    const mails = await m().findBy(MailOutbox, { recipient: 'ana.privacy@example.com' });
    const old = mails.filter((r) => r.createdAt < periodStart);
    expect(old.length).toBeGreaterThan(0);
    for (const mail of old) expect(mail.payload).toEqual({ erased: true });
    // A mail of the last 90 days (a balance reminder) keeps its body until it is that old or the customer is erased.
    for (const mail of mails.filter((r) => r.createdAt >= periodStart)) expect(mail.payload).not.toEqual({ erased: true });
    // Every mail older than the period, whoever it went to (Dee's run is to come, but her January mails are old; the admin's notices too).
    const all = await m().find(MailOutbox);
    expect(all.filter((r) => r.createdAt < periodStart && r.status !== MailStatus.pending).every((r) => JSON.stringify(r.payload) === '{"erased":true}')).toBe(true);
    expect(all.some((r) => r.recipient !== 'ana.privacy@example.com' && r.createdAt < periodStart)).toBe(true);
  });

  it('the export and erasure are behind the admin credential and name a bad email', async () => {
    expect((await fetch(`${s.url}/api/admin/customers/export`, json({ email: 'ana.privacy@example.com' }))).status).toBe(401);
    expect((await fetch(`${s.url}/api/admin/customers/erase`, json({ email: 'ana.privacy@example.com' }))).status).toBe(401);
    const bad = await admin('/customers/erase', { email: 'not an email' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual(['email']);
    const gql = await s.gql('mutation { eraseCustomer(input: { email: "ana.privacy@example.com" }) { requestId } }');
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await m().countBy(Booking, { customerEmail: 'ana.privacy@example.com' })).toBe(1);
  });

  it('exports everything held about one email address, as JSON and CSV', async () => {
    await m().insert(CommunityMessage, { id: 'msg-ana-privacy', workshopId: 'zion-canyon-light', authorName: 'Ana Lopez', authorEmail: 'ana.privacy@example.com', message: 'Who shares a ride from Las Vegas?', topic: MessageTopic.ride_sharing, createdAt: now });
    const res = await admin('/customers/export', { email: 'Ana.Privacy@example.com' });
    expect(res.status).toBe(200);
    const data = (await res.json()) as { email: string; sections: Record<string, Array<Record<string, unknown>>> };
    expect(data.email).toBe('ana.privacy@example.com');
    expect(data.sections.bookings!.map((b) => b.id)).toEqual([ana]);
    expect(data.sections.travellers!.map((t) => t.name)).toEqual(['Ana Lopez', 'Tom Reyes']);
    expect(data.sections.payments!.map((p) => p.amount_cents)).toEqual([173_700]);
    expect(data.sections.messages!.map((p) => p.message)).toEqual(['Who shares a ride from Las Vegas?']);
    expect(data.sections.mails_sent!.length).toBeGreaterThan(0);
    for (const section of ['refunds', 'credits', 'reviews', 'waitlist_entries', 'waiver_signatures']) expect(Array.isArray(data.sections[section])).toBe(true);
    expect(JSON.stringify(data)).not.toContain('client_key_hash');

    const csv = await admin('/customers/export.csv', { email: 'ana.privacy@example.com' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text).toContain('section,record_id,field,value');
    expect(text).toContain(`bookings,${ana},customer_name,Ana Lopez`);
    expect(text).toContain('messages,msg-ana-privacy,message,Who shares a ride from Las Vegas?');

    const gql = await s.gql<{ customerDataExport: { email: string; json: string; csv: string } }>('query($e: String!) { customerDataExport(email: $e) { email json csv } }', { e: 'ana.privacy@example.com' }, { authorization: ADMIN });
    expect(gql.errors).toBeUndefined();
    expect((JSON.parse(gql.data!.customerDataExport.json) as Record<string, unknown[]>).bookings).toHaveLength(1);
    expect(gql.data!.customerDataExport.csv).toContain('section,record_id,field,value');
    expect(await auditOf('privacy.customer_exported')).toHaveLength(3);
  });

  it('refuses (409, explained) to erase a customer with a live booking of a run still to come, and changes nothing', async () => {
    await m().insert(WaitlistEntry, {
      id: 'wl-dee-privacy',
      workshopId: 'zion-canyon-light',
      name: 'Dee Fox',
      email: 'dee.privacy@example.com',
      spots: 1,
      state: WaitlistState.waiting,
      createdAt: now,
    });
    const res = await admin('/customers/erase', { email: 'dee.privacy@example.com' });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; detail?: string; message?: string };
    expect(body.code).toBe('CUSTOMER_HAS_LIVE_BOOKING');
    expect(JSON.stringify(body)).toMatch(/has not started/);
    const gql = await s.gql('mutation { eraseCustomer(input: { email: "dee.privacy@example.com" }) { requestId } }', undefined, { authorization: ADMIN });
    expect(gql.errors?.[0]?.extensions?.code).toBe('CUSTOMER_HAS_LIVE_BOOKING');
    expect(await m().findOneByOrFail(Booking, { id: dee })).toMatchObject({ customerName: 'Dee Fox', healthConcerns: 'Mild asthma' });
    expect(await m().findOneByOrFail(WaitlistEntry, { id: 'wl-dee-privacy' })).toMatchObject({ email: 'dee.privacy@example.com' });
    expect(await auditOf('privacy.customer_erased')).toHaveLength(0);
  });

  /** The Activity tab's search (GET /api/admin/activity?text=...). */
  const activity = async (text: string) =>
    ((await (await admin(`/activity?text=${encodeURIComponent(text)}&limit=100`, undefined, 'GET')).json()) as { entries: Array<Record<string, unknown>> }).entries;

  it('erases a customer: personal fields replaced, posts anonymised, money kept with the name replaced, every step audited; gone from the search and the export', async () => {
    const paidBefore = await m().findBy(BookingPayment, { bookingId: ana });
    // Older audit entries naming her: one of her own actions (her address as the actor, in the values), one of the
    // admin's about her post (name and address in the values and the sentence, no booking), and one about someone
    // whose address merely contains hers, which must stay.
    await s.services.audit.recordAlone({
      ...customerActor('ana.privacy@example.com'),
      action: 'credit.used',
      bookingId: ana,
      before: { amountCents: 0, customerEmail: 'ana.privacy@example.com' },
      after: { amountCents: 25_000, customerName: 'Ana Lopez', customerEmail: 'ana.privacy@example.com' },
      detail: '$250.00 of credit used by Ana Lopez (ana.privacy@example.com)',
    });
    await s.services.audit.recordAlone({
      ...ADMIN_ACTOR,
      action: 'message.deleted',
      workshopId: 'zion-canyon-light',
      before: { authorName: 'Ana Lopez', authorEmail: 'ana.privacy@example.com', message: 'Old post' },
      detail: 'Message by Ana Lopez removed from the board',
    });
    await s.services.audit.recordAlone({ ...customerActor('hana.privacy@example.com'), action: 'credit.used', after: { amountCents: 100 }, detail: 'Credit used by Hana Lopezova' });
    expect((await activity('ana.privacy@example.com')).length).toBeGreaterThanOrEqual(2);
    expect((await activity('Ana Lopez')).length).toBeGreaterThanOrEqual(2);

    const res = await admin('/customers/erase', { email: 'ana.privacy@example.com' });
    expect(res.status).toBe(200);
    const result = (await res.json()) as Record<string, unknown>;
    expect(result).toMatchObject({ bookings: 1, travellers: 2, messages: 1 });
    expect(result.audit_entries as number).toBeGreaterThanOrEqual(2);
    expect((result.mails as number) > 0).toBe(true);

    const booking = await m().findOneByOrFail(Booking, { id: ana });
    expect(booking).toMatchObject({ customerName: 'Erased customer', customerPhone: '', healthConcerns: null, emergencyContactName: '', amountPaidCents: 173_700 });
    expect(booking.customerEmail).toMatch(/^erased-[0-9a-f]{8}@erased\.invalid$/);
    expect(await m().findBy(BookingPayment, { bookingId: ana })).toEqual(paidBefore);
    expect((await m().find(Traveller, { where: { bookingId: ana } })).map((t) => [t.name, t.email])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(await m().findOneByOrFail(CommunityMessage, { id: 'msg-ana-privacy' })).toMatchObject({ authorName: 'Former participant', message: 'Who shares a ride from Las Vegas?' });
    expect(await m().countBy(MailOutbox, { recipient: 'ana.privacy@example.com' })).toBe(0);

    const steps = await auditOf('privacy.customer_erased');
    // Her booking, posts, reviews, waiting-list entries, credits and mails: one entry each.
    expect(steps.map((a) => a.detail!.replace(/^Erasure [0-9a-f]{8}: /, '').split(' ').slice(0, 2).join(' '))).toEqual([
      'booking: name,',
      '1 community',
      '0 review(s)',
      '0 waiting-list',
      '0 credit(s)',
      expect.stringMatching(/^\d+ mail\(s\)$/),
      `${result.audit_entries as number} earlier`,
    ]);
    expect(steps[0]!.bookingId).toBe(ana);
    expect(new Set(steps.map((a) => JSON.parse(a.after!).requestId)).size).toBe(1);
    expect(steps.map((a) => `${a.detail} ${a.after}`).join(' ')).not.toContain('ana.privacy@example.com');

    expect((await adminBookings('?text=Lopez&limit=50')).map((b) => b.id)).not.toContain(ana);

    // Erased in the audit log too (decision 101 amendment): the Activity search finds neither her address nor her name.
    expect(await activity('ana.privacy@example.com')).toEqual([]);
    expect(await activity('Ana Lopez')).toEqual([]);
    const everything = JSON.stringify(await m().find(AuditEvent));
    expect(everything).not.toMatch(/(?<![a-z])ana\.privacy@example\.com/); // (Hana's address below contains hers)
    expect(everything).not.toContain('Ana Lopez');
    // Her own action: the replaced address as the actor and in the values, the amounts as they were.
    const used = (await m().find(AuditEvent, { where: { action: 'credit.used', bookingId: ana } }))[0]!;
    expect(used.actor).toBe(booking.customerEmail);
    expect(JSON.parse(used.before!)).toEqual({ amountCents: 0, customerEmail: booking.customerEmail });
    expect(JSON.parse(used.after!)).toEqual({ amountCents: 25_000, customerName: 'Erased customer', customerEmail: booking.customerEmail });
    expect(used.detail).toBe(`$250.00 of credit used by Erased customer (${booking.customerEmail})`);
    const deleted = (await m().find(AuditEvent, { where: { action: 'message.deleted' } }))[0]!;
    expect(deleted.detail).toBe('Message by Erased customer removed from the board');
    expect(JSON.parse(deleted.before!)).toEqual({ authorName: 'Erased customer', authorEmail: booking.customerEmail, message: 'Old post' });
    // Someone else whose address contains hers is untouched.
    expect(await m().findOneByOrFail(AuditEvent, { actor: 'hana.privacy@example.com' })).toMatchObject({ detail: 'Credit used by Hana Lopezova' });
    expect((await activity('hana.privacy@example.com')).length).toBe(1);
    const after = (await (await admin('/customers/export', { email: 'ana.privacy@example.com' })).json()) as { sections: Record<string, unknown[]> };
    for (const rows of Object.values(after.sections)) expect(rows).toEqual([]);
    // Anything still mailed to the replaced address is kept as a record, never sent, without a body.
    const late = await s.services.db.transaction((tm) => s.services.outbox.enqueue(tm, { kind: 'review_request', to: booking.customerEmail, payload: { name: 'Ana' } }));
    expect(late).toMatchObject({ status: MailStatus.suppressed, payload: { erased: true } });
    const totals = (await adminBookings()).map((b) => ({ id: b.id, total: b.total_amount, paid: b.amount_paid, refunded: b.amount_refunded }));
    expect(totals).toEqual(moneyBefore);
  });

  it('GraphQL erases too (a customer with nothing live)', async () => {
    const gql = await s.gql<{ eraseCustomer: { bookings: number; travellers: number } }>('mutation($i: EraseCustomerInput!) { eraseCustomer(input: $i) { requestId bookings travellers } }', { i: { email: 'ben.privacy@example.com' } }, { authorization: ADMIN });
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.eraseCustomer).toMatchObject({ bookings: 1, travellers: 1 });
    expect(await m().findOneByOrFail(Booking, { id: ben })).toMatchObject({ customerName: 'Erased customer' });
  });
});
