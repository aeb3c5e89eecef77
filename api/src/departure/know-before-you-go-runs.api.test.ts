import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { AuditEvent } from '../audit/audit-event.entity';
import { ScheduledJob } from '../infrastructure/jobs/scheduled-job.entity';
import { JobState } from '../infrastructure/jobs/job.types';
import { createServices } from '../composition-root';
import { createLogger } from '../infrastructure/logger';
import { openDatabase } from '../infrastructure/db/data-source';
import { ENTITIES } from '../entities';
import { Workshop } from '../workshop/workshop.entity';
import { KnowBeforeYouGoJobs1795820000000 } from '../infrastructure/db/migrations/1795820000000-KnowBeforeYouGoJobs';
import { kbygJobKey } from './know-before-you-go.service';

const ADMIN = `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`;
const DAY = 86_400_000;

const KBYG_BODY = {
  meeting_address: '525 Boynton Canyon Rd, Sedona, AZ 86336',
  meeting_map_url: 'https://maps.example.com/?q=boynton',
  meeting_time: '06:15',
  weather: 'Warm days, cool nights.',
  what_to_bring: 'A headlamp.',
  emergency_phone: '+1 928 555 0142',
};

/** A run as the admin's editor creates it (REST, snake_case). */
const aRun = (id: string, startDate: string, endDate: string): Record<string, unknown> => ({
  id,
  name: `Know before you go ${id}`,
  description: 'A run made for the know-before-you-go tests.',
  location: 'Sedona',
  state: 'Arizona',
  start_date: startDate,
  end_date: endDate,
  time_zone: 'America/Phoenix',
  capacity: 10,
  minimum_participants: 2,
  price: 2000,
  private_room_supplement: null,
  difficulty_level: 'Easy',
  workshop_type: 'landscape',
  image_url: '/images/workshops/zion-canyon-light.svg',
  highlights: ['Red rocks at dawn'],
  itinerary: 'Day 1: Arrive\nDay 2: Shoot',
});

/**
 * Know before you go follows its run (issue 25, docs/decisions/087): every run
 * created in the admin has its two mails scheduled, whether or not the details
 * are written; a mail due without details waits (one audit row tells the admin)
 * and goes once they are saved; "Schedule again" copies the details; moving the
 * start date moves the mails at once (and back again). Clock moved, two instances.
 */
describe.each(DB_KINDS)('know before you go follows its run on %s', (kind) => {
  let s: TestServer;
  let now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());

  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock });
  });
  afterAll(() => s?.close());

  const m = () => s.services.db.manager;
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${s.url}/api${path}`, { method, headers: { authorization: ADMIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const aBooking = async (workshopId: string, email: string) => {
    now = new Date(now.getTime() + 1000);
    const res = await fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(aBookingBody({ workshop_id: workshopId, customer_email: email, payment_option: 'full' })) });
    const created = (await res.json()) as { id: string };
    expect([res.status, created]).toEqual([201, expect.objectContaining({ id: expect.any(String) })]);
    expect((await api('POST', `/admin/bookings/${created.id}/payments`, { amount: 100 })).status).toBe(200);
    return created.id;
  };
  const kbygMails = async (workshopId: string) => (await m().findBy(MailOutbox, { kind: 'know_before_you_go' })).filter((r) => (r.payload as { workshopId: string }).workshopId === workshopId);
  const jobsOf = async (workshopId: string) =>
    (await m().findBy(ScheduledJob, { kind: 'departure.know_before_you_go' }))
      .filter((j) => j.key.startsWith(`departure:${workshopId}:kbyg:`))
      .map((j) => `${j.key.slice(`departure:${workshopId}:kbyg:`.length)} ${j.state}`)
      .sort();
  const runJobsOnTwoInstances = async () => {
    const other = kind === 'mysql' ? await openDatabase(s.testDb.config, { entities: ENTITIES }) : null;
    try {
      const second = createServices(s.services.config, other ?? s.services.db, createLogger('silent'), clock);
      await Promise.all([s.services.jobs.runDue(), second.jobs.runDue()]);
      second.mailer.close();
    } finally {
      await other?.close();
    }
  };
  const at = (date: string, daysBefore: number) => new Date(new Date(`${date}T16:00:00.000Z`).getTime() - daysBefore * DAY);

  it('a run created without details has its mails scheduled; the one due waits (the admin is told once) and goes when the details are saved', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const id = `kbyg-missing-${kind}`;
    expect((await api('POST', '/admin/workshops', aRun(id, '2026-03-02', '2026-03-06'))).status).toBe(201);
    expect(await jobsOf(id)).toEqual(['2026-03-02:14 pending', '2026-03-02:2 pending']);
    await aBooking(id, 'dana@example.com');

    // 14 days before, no details: no mail, the job waits, one audit row for the admin (not one per instance or run).
    now = at('2026-03-02', 14);
    await runJobsOnTwoInstances();
    now = new Date(now.getTime() + 2 * 3_600_000);
    await runJobsOnTwoInstances();
    expect(await kbygMails(id)).toHaveLength(0);
    expect(await jobsOf(id)).toEqual(['2026-03-02:14 pending', '2026-03-02:2 pending']);
    const warnings = await m().findBy(AuditEvent, { action: 'departure.know_before_you_go_missing', workshopId: id });
    expect(warnings.map((w) => w.detail)).toEqual([expect.stringContaining('14-day know-before-you-go mail')]);

    // Ten days before the admin writes the details: the 14-day mail goes at once, once.
    now = at('2026-03-02', 10);
    expect((await api('PUT', `/admin/workshops/${id}/know-before-you-go`, KBYG_BODY)).status).toBe(200);
    await runJobsOnTwoInstances();
    await runJobsOnTwoInstances();
    let sent = await kbygMails(id);
    expect(sent.map((r) => `${r.recipient} ${(r.payload as { days: number }).days} ${(r.payload as { meetingAddress: string }).meetingAddress}`)).toEqual([`dana@example.com 14 ${KBYG_BODY.meeting_address}`]);

    // 2 days before: the second.
    now = at('2026-03-02', 2);
    await runJobsOnTwoInstances();
    sent = await kbygMails(id);
    expect(sent.map((r) => (r.payload as { days: number }).days).sort()).toEqual([14, 2]);
    expect(await jobsOf(id)).toEqual(['2026-03-02:14 done', '2026-03-02:2 done']);
  });

  it('a run that never gets its details sends nothing and its jobs end by the start', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const id = `kbyg-never-${kind}`;
    expect((await api('POST', '/admin/workshops', aRun(id, '2026-03-09', '2026-03-13'))).status).toBe(201);
    await aBooking(id, 'eli@example.com');
    for (const daysBefore of [14, 2, 0]) {
      now = at('2026-03-09', daysBefore);
      await runJobsOnTwoInstances();
    }
    expect(await kbygMails(id)).toHaveLength(0);
    expect(await jobsOf(id)).toEqual(['2026-03-09:14 done', '2026-03-09:2 done']);
    expect(await m().countBy(AuditEvent, { action: 'departure.know_before_you_go_missing', workshopId: id })).toBe(2);
  });

  it('"Schedule again" copies the details to the new run, whose mails are scheduled', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const id = `kbyg-source-${kind}`;
    expect((await api('POST', '/admin/workshops', aRun(id, '2026-04-06', '2026-04-10'))).status).toBe(201);
    expect((await api('PUT', `/admin/workshops/${id}/know-before-you-go`, KBYG_BODY)).status).toBe(200);
    const again = await api('POST', `/admin/workshops/${id}/schedule-again`, { id: `${id}-2027`, start_date: '2027-04-05' });
    expect(again.status).toBe(201);
    const copied = await api('GET', `/admin/workshops/${id}-2027/know-before-you-go`);
    expect(copied.status).toBe(200);
    expect(await copied.json()).toMatchObject({ workshop_id: `${id}-2027`, ...KBYG_BODY });
    expect(await jobsOf(`${id}-2027`)).toEqual(['2027-04-05:14 pending', '2027-04-05:2 pending']);
    const audit = await m().findBy(AuditEvent, { action: 'departure.know_before_you_go_changed', workshopId: `${id}-2027` });
    expect(audit.map((a) => a.detail)).toEqual([`Know before you go copied from ${id}`]);
    // The source's details are its own: editing the copy leaves them.
    expect((await api('PUT', `/admin/workshops/${id}-2027/know-before-you-go`, { ...KBYG_BODY, meeting_time: '07:00' })).status).toBe(200);
    expect(await (await api('GET', `/admin/workshops/${id}/know-before-you-go`)).json()).toMatchObject({ meeting_time: '06:15' });
  });

  it("moving a run's start date moves its mails at once: none at the old dates, once each before the new start; moved back, the old ones return", async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const id = `kbyg-moved-${kind}`;
    expect((await api('POST', '/admin/workshops', aRun(id, '2026-03-16', '2026-03-20'))).status).toBe(201);
    expect((await api('PUT', `/admin/workshops/${id}/know-before-you-go`, KBYG_BODY)).status).toBe(200);
    await aBooking(id, 'fay@example.com');

    // Moved three weeks later.
    expect((await api('PUT', `/admin/workshops/${id}`, aRun(id, '2026-04-06', '2026-04-10'))).status).toBe(200);
    expect(await jobsOf(id)).toEqual(['2026-03-16:14 cancelled', '2026-03-16:2 cancelled', '2026-04-06:14 pending', '2026-04-06:2 pending']);
    // Moved back, then forward again: the jobs of each date return, never twice.
    expect((await api('PUT', `/admin/workshops/${id}`, aRun(id, '2026-03-16', '2026-03-20'))).status).toBe(200);
    expect(await jobsOf(id)).toEqual(['2026-03-16:14 pending', '2026-03-16:2 pending', '2026-04-06:14 cancelled', '2026-04-06:2 cancelled']);
    expect((await api('PUT', `/admin/workshops/${id}`, aRun(id, '2026-04-06', '2026-04-10'))).status).toBe(200);
    const moved = await m().findOneByOrFail(ScheduledJob, { key: kbygJobKey(id, '2026-04-06', 14) });
    expect(moved.dueAt.toISOString()).toBe('2026-03-23T15:00:00.000Z');

    // The old 14-day and 2-day times: nothing.
    for (const daysBefore of [14, 2]) {
      now = at('2026-03-16', daysBefore);
      await runJobsOnTwoInstances();
    }
    expect(await kbygMails(id)).toHaveLength(0);
    // The new ones: once each, for the new start.
    for (const daysBefore of [14, 2]) {
      now = at('2026-04-06', daysBefore);
      await runJobsOnTwoInstances();
      await runJobsOnTwoInstances();
    }
    const sent = await kbygMails(id);
    expect(sent.map((r) => `${(r.payload as { days: number }).days} ${(r.payload as { startDate: string }).startDate}`).sort()).toEqual(['14 2026-04-06', '2 2026-04-06']);
    expect(await m().countBy(ScheduledJob, { kind: 'departure.know_before_you_go', state: JobState.failed })).toBe(0);
  });

  it('the migration gives the runs that existed before their two mails (a key already there is kept; run twice, nothing twice)', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const base = await m().findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    const id = `kbyg-older-${kind}`;
    await m().insert(Workshop, { ...base, id, startDate: '2026-05-04', endDate: '2026-05-08', spotsClaimed: 0, cancelledAt: null, archivedAt: null });
    const cancelledId = `kbyg-older-cancelled-${kind}`;
    await m().insert(Workshop, { ...base, id: cancelledId, startDate: '2026-05-04', endDate: '2026-05-08', spotsClaimed: 0, cancelledAt: now, archivedAt: null });
    expect(await jobsOf(id)).toEqual([]);
    const runner = m().connection.createQueryRunner();
    try {
      await new KnowBeforeYouGoJobs1795820000000().up(runner);
      await new KnowBeforeYouGoJobs1795820000000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await jobsOf(id)).toEqual(['2026-05-04:14 pending', '2026-05-04:2 pending']);
    expect((await m().findOneByOrFail(ScheduledJob, { key: kbygJobKey(id, '2026-05-04', 2) })).dueAt.toISOString()).toBe('2026-05-02T15:00:00.000Z');
    expect(await jobsOf(cancelledId)).toEqual([]);
  });
});
