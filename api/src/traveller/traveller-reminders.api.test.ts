import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { createServices } from '../composition-root';
import { createLogger } from '../infrastructure/logger';
import { openDatabase } from '../infrastructure/db/data-source';
import { ENTITIES } from '../entities';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { ScheduledJob } from '../infrastructure/jobs/scheduled-job.entity';
import { Workshop } from '../workshop/workshop.entity';
import { TravellerMailKind, type TravellerMailData } from './traveller.mails';
import { TravellerGearInput, TravellerHealthInput, TravellerTravelInput, SignWaiverInput } from './traveller.input';

const ADMIN = { authorization: `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}` };

/**
 * The tasks' reminders with the clock moved (docs/decisions/086): a workshop
 * starting 2026-06-01 booked on 2026-01-15 has its tasks due 2026-05-02, so
 * reminders fall on 04-25, 04-29, 05-02 and 05-04 (15:00 UTC).
 */
describe.each(DB_KINDS)('traveller reminders on %s', (kind) => {
  let s: TestServer;
  let now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());

  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock });
    const base = await s.services.db.manager.findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    await s.services.db.manager.insert(Workshop, { ...base, id: 'reminder-run', name: 'Reminder Run', startDate: '2026-06-01', endDate: '2026-06-05', timeZone: 'UTC', spotsClaimed: 0, capacity: 12 });
    s.services.workshops.catalog.invalidate();
  });
  afterAll(() => s?.close());

  const m = () => s.services.db.manager;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  /** Book on the reminder run and pay in full (recorded by the admin): a confirmed booking. */
  async function bookPaid(email: string, participants: number, travellers: unknown[] = []): Promise<string> {
    const res = await post('/api/bookings', aBookingBody({ workshop_id: 'reminder-run', customer_email: email, num_participants: participants, travellers }));
    expect(res.status).toBe(201);
    const b = (await res.json()) as { id: string; total_amount: number };
    expect((await post(`/api/admin/bookings/${b.id}/payments`, { amount: b.total_amount }, ADMIN)).status).toBe(200);
    return b.id;
  }

  /** Every task of a traveller done, by the booker through the manage link. */
  async function completeAll(bookingId: string, travellerId: string): Promise<void> {
    const tasks = s.services.travellerTasks;
    const access = { travellerId, bookingId, token: s.services.accounts.manageUrl(bookingId).split('#')[1] };
    const view = await tasks.viewOrThrow(Object.assign(new TravellerGearInput(), access));
    await tasks.signWaiverOrThrow(Object.assign(new SignWaiverInput(), { ...access, fullName: 'Done Traveller', consent: true, contentHash: view.waiver.contentHash }), { ip: '198.51.100.1', userAgent: 'test' });
    await tasks.saveHealthOrThrow(Object.assign(new TravellerHealthInput(), { ...access, age: 30, emergencyContactName: 'E C', emergencyContactPhone: '555 0100', emergencyContactEmail: 'ec@example.com' }));
    await tasks.saveTravelOrThrow(Object.assign(new TravellerTravelInput(), { ...access, arrivalDate: '2026-05-31', arrivalTime: '18:00', arrivalBy: 'car', roommatePreference: 'no_preference' }));
    await tasks.saveGearOrThrow(Object.assign(new TravellerGearInput(), { ...access, ticked: view.gear.filter((g) => g.required).map((g) => g.id) }));
  }

  const reminders = async () =>
    (await m().findBy(MailOutbox, { kind: TravellerMailKind.tasksReminder })).map((r) => ({ to: r.recipient, ...(r.payload as TravellerMailData) }));

  /** Two app instances (their own services; on MariaDB their own pools) run the queue at once, as two processes would. */
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

  it('reminds only travellers with missing tasks, listing only what is missing, at 7, 3, 0 days before the deadline and 2 days after, once each with two instances', async () => {
    const group = await bookPaid('ana@example.com', 3, [{ name: 'Bea Kim', email: 'bea@example.com' }, { later: true }]);
    const solo = await bookPaid('solo@example.com', 1);
    const cancelled = await bookPaid('gone@example.com', 1);
    expect((await post(`/api/admin/bookings/${cancelled}/cancel`, { apply_policy_fee: false }, ADMIN)).status).toBe(200);
    const [ana, bea, later] = await s.services.travellers.listForBooking(m(), group);

    // Four reminder jobs per live booking; none left pending for the cancelled one.
    const jobs = await m().createQueryBuilder(ScheduledJob, 'j').where('j.key LIKE :k', { k: `travellers:${group}:%` }).getMany();
    expect(jobs.map((j) => j.dueAt.toISOString()).sort()).toEqual(['2026-04-25T15:00:00.000Z', '2026-04-29T15:00:00.000Z', '2026-05-02T15:00:00.000Z', '2026-05-04T15:00:00.000Z']);
    const gone = await m().createQueryBuilder(ScheduledJob, 'j').where('j.key LIKE :k', { k: `travellers:${cancelled}:%` }).getMany();
    expect(gone.every((j) => j.state === 'cancelled')).toBe(true);

    await completeAll(group, ana.id);
    // The day before the first reminder: nothing yet.
    now = new Date('2026-04-24T16:00:00.000Z');
    await runBothInstances();
    expect(await reminders()).toEqual([]);

    // 7 days before: Bea, the unnamed traveller (through the booker) and the solo booker; never Ana (done), never the cancelled booking.
    now = new Date('2026-04-25T16:00:00.000Z');
    await runBothInstances();
    await runBothInstances();
    let sent = await reminders();
    expect(sent.map((r) => [r.to, r.travellerId]).sort()).toEqual(
      [
        ['bea@example.com', bea.id],
        ['ana@example.com', later.id],
        ['solo@example.com', (await s.services.travellers.listForBooking(m(), solo))[0].id],
      ].sort(),
    );
    expect(sent.find((r) => r.travellerId === later.id)).toMatchObject({ toBooker: true, forName: null });
    expect(sent.every((r) => r.offset === -7 && r.missing!.join() === 'waiver,health,travel,gear')).toBe(true);

    // Bea signs and confirms her health: the next reminder lists only travel and gear. The solo booker finishes: no more mail.
    const beaAccess = { travellerId: bea.id, token: s.services.travellerLinks.token(bea.id) };
    const view = await s.services.travellerTasks.viewOrThrow(Object.assign(new TravellerGearInput(), beaAccess));
    await s.services.travellerTasks.signWaiverOrThrow(Object.assign(new SignWaiverInput(), { ...beaAccess, fullName: 'Bea Kim', consent: true, contentHash: view.waiver.contentHash }), { ip: '198.51.100.2', userAgent: 'test' });
    await s.services.travellerTasks.saveHealthOrThrow(Object.assign(new TravellerHealthInput(), { ...beaAccess, age: 29, emergencyContactName: 'Bo Kim', emergencyContactPhone: '555 0101', emergencyContactEmail: 'bo@example.com' }));
    await completeAll(solo, (await s.services.travellers.listForBooking(m(), solo))[0].id);

    now = new Date('2026-04-29T16:00:00.000Z');
    await runBothInstances();
    sent = (await reminders()).filter((r) => r.offset === -3);
    expect(sent.map((r) => [r.to, r.travellerId, r.missing!.join()]).sort()).toEqual(
      [
        ['bea@example.com', bea.id, 'travel,gear'],
        ['ana@example.com', later.id, 'waiver,health,travel,gear'],
      ].sort(),
    );

    // Downtime over the deadline: on 05-05 the day-0 reminder is overtaken by the day+2 one, which goes once.
    now = new Date('2026-05-05T09:00:00.000Z');
    await runBothInstances();
    await runBothInstances();
    const all = await reminders();
    expect(all.filter((r) => r.offset === 0)).toEqual([]);
    expect(all.filter((r) => r.offset === 2).map((r) => r.travellerId).sort()).toEqual([bea.id, later.id].sort());
    expect(all).toHaveLength(3 + 2 + 2);
    const states = await m().createQueryBuilder(ScheduledJob, 'j').where('j.key LIKE :k', { k: `travellers:${group}:%` }).getMany();
    expect(states.every((j) => j.state === 'done')).toBe(true);
  });
});
