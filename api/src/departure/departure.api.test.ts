import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { Workshop } from '../workshop/workshop.entity';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { AuditEvent } from '../audit/audit-event.entity';
import { ScheduledJob } from '../infrastructure/jobs/scheduled-job.entity';
import { createServices } from '../composition-root';
import { createLogger } from '../infrastructure/logger';
import { openDatabase } from '../infrastructure/db/data-source';
import { ENTITIES } from '../entities';
import { DepartureMessage, DepartureMessageKind, DepartureMessageRecipient } from './departure-message.entity';
import { kbygJobKey } from './know-before-you-go.service';
import { WaitlistEntry } from '../waitlist/waitlist-entry.entity';
import { WaitlistState } from '../waitlist/waitlist.types';
import { Traveller } from '../traveller/traveller.entity';
import { countQueries } from '../test/query-counter';

const ADMIN = `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}`;
const DAY = 86_400_000;

const KBYG_BODY = {
  meeting_address: '1 Zion Park Blvd, Springdale, UT 84767',
  meeting_map_url: 'https://maps.example.com/?q=springdale',
  meeting_time: '07:30',
  weather: 'Cold mornings, warm afternoons.\n\nBring layers.',
  what_to_bring: 'Headlamp, water bottle, sun hat.',
  emergency_phone: '+1 435 555 0199',
};

/**
 * Issue 25, second half (docs/decisions/087, 088): know before you go, the
 * admin's departure view and messages to the group, over REST and GraphQL,
 * with the clock moved and the job queue run by two instances at once.
 */
describe.each(DB_KINDS)('departures on %s', (kind) => {
  let s: TestServer;
  let now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());

  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock });
  });
  afterAll(() => s?.close());

  const m = () => s.services.db.manager;
  const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.url}/api${path}`, { method, headers: { authorization: ADMIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const tokenOf = (id: string) => s.services.accounts.manageUrl(id).split('#')[1];
  let count = 0;
  /** A run of our own starting `days` after the clock. */
  const aWorkshop = async (days: number) => {
    const base = await m().findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    const start = new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
    const end = new Date(now.getTime() + (days + 4) * DAY).toISOString().slice(0, 10);
    const id = `departure-${kind}-${++count}`;
    await m().insert(Workshop, { ...base, id, name: `Departure test ${count}`, startDate: start, endDate: end, timeZone: 'America/Denver', spotsClaimed: 0, capacity: 12 });
    s.services.workshops.catalog.invalidate();
    return id;
  };
  /** A booking, paid in part by the admin so it is confirmed and outlives the clock moves. */
  const aBooking = async (workshopId: string, overrides: Record<string, unknown> = {}) => {
    now = new Date(now.getTime() + 1000); // bookings in the order made
    const res = await fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(aBookingBody({ workshop_id: workshopId, payment_option: 'full', ...overrides })) });
    const created = (await res.json()) as { id: string };
    expect([res.status, created]).toEqual([201, expect.objectContaining({ id: expect.any(String) })]);
    const { id } = created;
    expect((await api('POST', `/admin/bookings/${id}/payments`, { amount: 100 })).status).toBe(200);
    return id;
  };
  const kbygMails = async (workshopId: string) => (await m().findBy(MailOutbox, { kind: 'know_before_you_go' })).filter((r) => (r.payload as { workshopId: string }).workshopId === workshopId);
  /** Two instances (their own services, the same database) run the queue at the same time. */
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

  it('know before you go: the admin writes it (REST and GraphQL, bad fields named), the mails go 14 and 2 days before with the meeting point and a calendar file, once each with two instances; a cancelled booking gets none', async () => {
    const w = await aWorkshop(30);
    const ann = await aBooking(w, { customer_name: 'Ann Lee', customer_email: 'ann@example.com' });
    const bo = await aBooking(w, { customer_name: 'Bo Park', customer_email: 'bo@example.com' });
    const cy = await aBooking(w, { customer_name: 'Cy Diaz', customer_email: 'cy@example.com' });

    // Bad input: 422 naming the field, nothing written.
    const bad = await api('PUT', `/admin/workshops/${w}/know-before-you-go`, { ...KBYG_BODY, meeting_time: '7.30', meeting_map_url: 'javascript:alert(1)' });
    expect(bad.status).toBe(422);
    const errors = ((await bad.json()) as { errors: Array<{ field: string }> }).errors.map((e) => e.field).sort();
    expect(errors).toEqual(['meeting_map_url', 'meeting_time']);
    const gqlBad = await s.gql('mutation($i: SetKnowBeforeYouGoInput!) { setKnowBeforeYouGo(input: $i) { knowBeforeYouGo { meetingAddress } } }', { i: { workshopId: w, meetingAddress: ' ', meetingTime: '07:30', weather: 'x', whatToBring: 'y', emergencyPhone: 'call me' } }, { authorization: ADMIN });
    expect(gqlBad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(gqlBad.errors)).toMatch(/meetingAddress/);
    expect(JSON.stringify(gqlBad.errors)).toMatch(/emergencyPhone/);
    expect((await api('GET', `/admin/workshops/${w}/know-before-you-go`)).status).toBe(200);
    expect(await (await api('GET', `/admin/workshops/${w}/know-before-you-go`)).json()).toBeNull();
    // Without the admin credential: refused.
    expect((await fetch(`${s.url}/api/admin/workshops/${w}/know-before-you-go`)).status).toBe(401);

    const put = await api('PUT', `/admin/workshops/${w}/know-before-you-go`, KBYG_BODY);
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ workshop_id: w, meeting_time: '07:30', emergency_phone: '+1 435 555 0199' });
    const read = await s.gql<{ adminKnowBeforeYouGo: { meetingAddress: string } }>('query($w: ID!) { adminKnowBeforeYouGo(workshopId: $w) { meetingAddress meetingTime } }', { w }, { authorization: ADMIN });
    expect(read.data?.adminKnowBeforeYouGo.meetingAddress).toBe(KBYG_BODY.meeting_address);
    // Saving again schedules nothing new.
    const gqlSet = await s.gql('mutation($i: SetKnowBeforeYouGoInput!) { setKnowBeforeYouGo(input: $i) { knowBeforeYouGo { meetingTime } } }', { i: { workshopId: w, meetingAddress: KBYG_BODY.meeting_address, meetingMapUrl: KBYG_BODY.meeting_map_url, meetingTime: '07:30', weather: KBYG_BODY.weather, whatToBring: KBYG_BODY.what_to_bring, emergencyPhone: KBYG_BODY.emergency_phone } }, { authorization: ADMIN });
    expect(gqlSet.errors).toBeUndefined();
    const start = (await m().findOneByOrFail(Workshop, { id: w })).startDate;
    expect(await m().countBy(ScheduledJob, { kind: 'departure.know_before_you_go' }).then(() => m().findBy(ScheduledJob, { key: kbygJobKey(w, start, 14) }))).toHaveLength(1);

    // The manage page shows the same details.
    const manage = await fetch(`${s.url}/api/manage/${ann}/departure`, { headers: { 'x-manage-token': tokenOf(ann) } });
    expect(manage.status).toBe(200);
    expect((await manage.json()).know_before_you_go).toMatchObject({ meeting_address: KBYG_BODY.meeting_address, meeting_time: '07:30' });
    expect((await fetch(`${s.url}/api/manage/${ann}/departure`, { headers: { 'x-manage-token': 'z'.repeat(32) } })).status).toBe(404);

    // Nothing before the day.
    now = new Date(now.getTime() + 15 * DAY);
    await runJobsOnTwoInstances();
    expect(await kbygMails(w)).toHaveLength(0);

    // Cy cancels (the admin cancels for them): no more mails to Cy.
    expect((await api('POST', `/admin/bookings/${cy}/cancel`, { apply_policy_fee: false })).status).toBe(200);

    // 14 days before: one mail to each live traveller, with the meeting point, even with two instances.
    now = new Date(`${new Date(now.getTime() + 2 * DAY).toISOString().slice(0, 10)}T16:00:00.000Z`);
    await runJobsOnTwoInstances();
    await runJobsOnTwoInstances();
    let sent = await kbygMails(w);
    expect(sent.map((r) => r.recipient).sort()).toEqual(['ann@example.com', 'bo@example.com']);
    expect(sent.every((r) => (r.payload as { days: number; meetingAddress: string }).days === 14)).toBe(true);
    const rendered = await s.services.outbox.render(sent[0], { origin: 'http://localhost:3000' });
    expect(rendered.text).toContain(KBYG_BODY.meeting_address);
    expect(rendered.text).toContain('7:30 AM');
    expect(rendered.attachments[0].content).toContain('LOCATION:1 Zion Park Blvd');
    // 07:30 in Denver (MST, UTC-7) is 14:30 UTC.
    expect(rendered.attachments[0].content).toMatch(/DTSTART:\d{8}T143000Z/);

    // 2 days before: the second mail, once each.
    now = new Date(`${(await m().findOneByOrFail(Workshop, { id: w })).startDate}T16:00:00.000Z`);
    now = new Date(now.getTime() - 2 * DAY);
    await runJobsOnTwoInstances();
    await runJobsOnTwoInstances();
    sent = await kbygMails(w);
    expect(sent).toHaveLength(4);
    expect(sent.filter((r) => (r.payload as { days: number }).days === 2).map((r) => r.recipient).sort()).toEqual(['ann@example.com', 'bo@example.com']);
    expect(sent.some((r) => r.recipient === 'cy@example.com')).toBe(false);
    expect(await m().countBy(DepartureMessage, { workshopId: w, kind: DepartureMessageKind.know_before_you_go })).toBe(2);
    void bo;
  });

  it('after downtime the 14-day mail a later one overtook is not sent: one mail, not two', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(30);
    await aBooking(w, { customer_email: 'late@example.com' });
    expect((await api('PUT', `/admin/workshops/${w}/know-before-you-go`, KBYG_BODY)).status).toBe(200);
    now = new Date(now.getTime() + 29 * DAY);
    await s.services.jobs.runDue();
    const sent = await kbygMails(w);
    expect(sent.map((r) => (r.payload as { days: number }).days)).toEqual([2]);
  });

  it('the departure view: roster, rooming list, dietary and health, emergency contacts, as JSON, GraphQL and CSV', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(60);
    await aBooking(w, { customer_name: 'Ann Lee', customer_email: 'ann@example.com', num_participants: 2, room_type: 'shared', dietary_restrictions: 'Vegan' });
    await aBooking(w, { customer_name: 'Dee Wu', customer_email: 'dee@example.com', room_type: 'private', dietary_restrictions: '', health_concerns: '=cmd|calc' });
    await aBooking(w, { customer_name: 'Eve Ray', customer_email: 'eve@example.com', room_type: 'shared' });
    await aBooking(w, { customer_name: 'Fay Orr', customer_email: 'fay@example.com', room_type: 'shared' });

    const res = await api('GET', `/admin/departures/${w}`);
    expect(res.status).toBe(200);
    const view = await res.json();
    expect(view.traveller_count).toBe(5);
    expect(view.travellers.map((t: { name: string }) => t.name)).toEqual(['Ann Lee', "Traveller 2 of Ann Lee's booking", 'Dee Wu', 'Eve Ray', 'Fay Orr']);
    expect(view.travellers[0]).toMatchObject({ dietary_restrictions: 'Vegan', emergency_contact_name: 'Luis Lopez', emergency_contact_phone: '555-010-0101' });
    expect(view.rooms).toEqual([
      { room_type: 'shared', occupants: ['Ann Lee', "Traveller 2 of Ann Lee's booking"], note: 'same booking' },
      { room_type: 'private', occupants: ['Dee Wu'], note: 'private room' },
      { room_type: 'shared', occupants: ['Eve Ray', 'Fay Orr'], note: 'paired across bookings' },
    ]);

    const gql = await s.gql<{ adminDeparture: { travellerCount: number; rooms: Array<{ occupants: string[] }>; travellers: Array<{ name: string; dietaryRestrictions: string | null }> } }>(
      'query($w: ID!) { adminDeparture(workshopId: $w) { travellerCount readyCount rooms { roomType occupants note } travellers { name dietaryRestrictions healthConcerns emergencyContactPhone } } }',
      { w },
      { authorization: ADMIN },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.adminDeparture.travellerCount).toBe(5);
    expect(gql.data!.adminDeparture.rooms).toHaveLength(3);
    // Without the credential: refused on both.
    expect((await s.gql('query($w: ID!) { adminDeparture(workshopId: $w) { travellerCount } }', { w })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await fetch(`${s.url}/api/admin/departures/${w}`)).status).toBe(401);
    expect((await api('GET', '/admin/departures/no-such-run')).status).toBe(404);

    // Readiness beside go/no-go: every traveller counted, none ready before their tasks are done (REST and GraphQL).
    expect(view.travellers[0].readiness).toMatchObject({ done: expect.any(Number), total: 4 });
    const readiness = await api('GET', `/admin/departure-readiness?workshop_ids=${w},no-such-run`);
    expect(readiness.status).toBe(200);
    expect(await readiness.json()).toEqual([{ workshop_id: w, traveller_count: 5, ready_count: 0 }]);
    const gqlReadiness = await s.gql<{ adminDepartureReadiness: unknown[] }>('query($ids: [ID!]!) { adminDepartureReadiness(workshopIds: $ids) { workshopId travellerCount readyCount } }', { ids: [w] }, { authorization: ADMIN });
    expect(gqlReadiness.data?.adminDepartureReadiness).toEqual([{ workshopId: w, travellerCount: 5, readyCount: 0 }]);
    expect((await api('GET', `/admin/departure-readiness?workshop_ids=${'x'.repeat(65)}`)).status).toBe(422);

    const csv = await api('GET', `/admin/departures/${w}/roster.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const records: Array<Record<string, string>> = parse(await csv.text(), { columns: true, bom: true });
    expect(records).toHaveLength(5);
    expect(records[0]).toMatchObject({ name: 'Ann Lee', dietary_restrictions: 'Vegan', room_type: 'shared' });
    // A cell a spreadsheet would run as a formula is defused.
    expect(records[2].health_concerns).toBe("'=cmd|calc");
  });

  it('a named roommate preference shows the roommate on the roster and pairs the two in the rooming list', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(60);
    const eve = await aBooking(w, { customer_name: 'Eve Ray', customer_email: 'eve@example.com', room_type: 'shared' });
    await aBooking(w, { customer_name: 'Gil Sun', customer_email: 'gil@example.com', room_type: 'shared' });
    await aBooking(w, { customer_name: 'Fay Orr', customer_email: 'fay@example.com', room_type: 'shared' });
    const [eveTraveller] = await s.services.travellers.listForBooking(m(), eve);
    const start = (await m().findOneByOrFail(Workshop, { id: w })).startDate;
    const travel = await api('PUT', `/travellers/${eveTraveller!.id}/travel`, { token: tokenOf(eve), booking_id: eve, arrival_date: start, arrival_time: '16:30', arrival_by: 'car', roommate_preference: 'named_person', roommate_name: 'Fay Orr' });
    expect(travel.status).toBe(200);

    const view = await (await api('GET', `/admin/departures/${w}`)).json();
    expect(view.travellers.find((t: { name: string }) => t.name === 'Eve Ray').roommate_preference).toBe('Fay Orr');
    expect(view.rooms).toEqual([
      { room_type: 'shared', occupants: ['Eve Ray', 'Fay Orr'], note: 'roommate preference' },
      { room_type: 'shared', occupants: ['Gil Sun'], note: 'needs a roommate' },
    ]);
  });

  it('the roster is read in a few queries per run, the same for more travellers, the run itself read once', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(60);
    await aBooking(w, { customer_email: 'gus@example.com', num_participants: 2 });
    const counter = countQueries(s.services.db);
    const queriesOf = async (work: () => Promise<unknown>) => {
      counter.reset();
      await work();
      return counter.queries.length;
    };
    try {
      const view = await queriesOf(() => s.services.departures.viewOrThrow(w));
      const counts = {
        view,
        csv: await queriesOf(() => s.services.departures.csvRecordsOrThrow(w)),
        readiness: await queriesOf(() => s.services.departures.readiness([w])),
        preview: await queriesOf(() => s.services.departures.previewOrThrow({ workshopId: w, subject: 'Hello', body: 'See you soon.' })),
      };
      // The workshop, its bookings, their travellers, the current waiver and its signatures (plus know before you go and the messages for the view).
      expect(counts).toEqual({ view: 7, csv: 5, readiness: 5, preview: 5 });
      await aBooking(w, { customer_email: 'hal@example.com', num_participants: 3 });
      expect(await queriesOf(() => s.services.departures.viewOrThrow(w))).toBe(view);
    } finally {
      counter.restore();
    }
  });

  it('a group message: previewed, then sent once to every traveller, one audit row, per-recipient delivery, on each manage page', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(45);
    const ann = await aBooking(w, { customer_name: 'Ann Lee', customer_email: 'ann@example.com' });
    const bo = await aBooking(w, { customer_name: 'Bo Park', customer_email: 'bo@example.com' });

    // Bad input: 422 naming the field, nothing sent.
    const bad = await api('POST', `/admin/departures/${w}/messages`, { subject: '', body: 'x'.repeat(6000) });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Array<{ field: string }> }).errors.map((e) => e.field).sort()).toEqual(['body', 'subject']);
    expect(await m().countBy(DepartureMessage, { workshopId: w })).toBe(0);

    const preview = await api('POST', `/admin/departures/${w}/messages/preview`, { subject: 'Snow on the pass', body: 'Chains required.\n\nSee you Monday.' });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ subject: 'Snow on the pass', recipients: [{ email: 'ann@example.com', audience: 'traveller' }, { email: 'bo@example.com', audience: 'traveller' }] });
    expect(await m().countBy(DepartureMessage, { workshopId: w })).toBe(0);

    const send = await s.gql<{ sendGroupMessage: { sent: { message: { id: string; subject: string }; recipients: Array<{ email: string; delivery: string }> } } }>(
      'mutation($i: GroupMessageInput!) { sendGroupMessage(input: $i) { sent { message { id subject } recipients { email delivery } } } }',
      { i: { workshopId: w, subject: 'Snow on the pass', body: 'Chains required.\n\nSee you Monday.' } },
      { authorization: ADMIN },
    );
    expect(send.errors).toBeUndefined();
    const { message, recipients } = send.data!.sendGroupMessage.sent;
    expect(recipients.map((r) => [r.email, r.delivery]).sort()).toEqual([
      ['ann@example.com', 'pending'],
      ['bo@example.com', 'pending'],
    ]);
    const mails = await m().findBy(MailOutbox, { kind: 'departure_message' });
    expect(mails.filter((r) => (r.payload as { messageId: string }).messageId === message.id).map((r) => r.recipient).sort()).toEqual(['ann@example.com', 'bo@example.com']);
    const audits = await m().findBy(AuditEvent, { action: 'departure.message_sent', workshopId: w });
    expect(audits).toHaveLength(1);
    expect(audits[0].after).toContain('ann@example.com');
    expect(audits[0].after).toContain('bo@example.com');

    // The outbox sends them: the delivery state follows.
    // The worker marks the mail sent (the outbox's own tests cover the worker).
    await m().update(MailOutbox, { id: mails.find((r) => r.recipient === 'ann@example.com')!.id }, { status: 'sent' as MailOutbox['status'], sentAt: clock() });
    const view = await (await api('GET', `/admin/departures/${w}`)).json();
    expect(view.messages[0].recipients.find((r: { email: string }) => r.email === 'ann@example.com').delivery).toBe('sent');
    expect(view.messages[0].recipients.find((r: { email: string }) => r.email === 'bo@example.com').delivery).toBe('pending');

    // Each traveller's manage page shows it under the instructor's messages (REST and GraphQL).
    for (const id of [ann, bo]) {
      const page = await (await fetch(`${s.url}/api/manage/${id}/departure`, { headers: { 'x-manage-token': tokenOf(id) } })).json();
      expect(page.messages).toEqual([expect.objectContaining({ subject: 'Snow on the pass', body: 'Chains required.\n\nSee you Monday.' })]);
    }
    const mine = await s.gql<{ myDeparture: { messages: Array<{ subject: string }> } }>('query($i: ManageBookingInput!) { myDeparture(input: $i) { messages { subject body sentAt } knowBeforeYouGo { meetingAddress } } }', { i: { bookingId: bo, token: tokenOf(bo) } });
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.myDeparture.messages.map((x) => x.subject)).toEqual(['Snow on the pass']);
    expect(await m().countBy(DepartureMessageRecipient, { messageId: message.id })).toBe(2);
  });

  it('a group message may reach the waiting list too: confirmed entries only, each address once', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(45);
    await aBooking(w, { customer_name: 'Ann Lee', customer_email: 'ann.wl@example.com' });
    const entry = (email: string, state: WaitlistState) => ({ id: crypto.randomUUID(), workshopId: w, name: email.split('@')[0], email, spots: 1, state, createdAt: clock(), confirmedAt: state === WaitlistState.pending ? null : clock() });
    await m().insert(WaitlistEntry, [entry('wait@example.com', WaitlistState.waiting), entry('unconfirmed@example.com', WaitlistState.pending), entry('ann.wl@example.com', WaitlistState.waiting)]);
    const without = await (await api('POST', `/admin/departures/${w}/messages/preview`, { subject: 'Hi', body: 'Hello' })).json();
    expect(without.recipients.map((r: { email: string }) => r.email)).toEqual(['ann.wl@example.com']);
    const res = await api('POST', `/admin/departures/${w}/messages`, { subject: 'Hi', body: 'Hello', include_waitlist: true });
    expect(res.status).toBe(201);
    const sent = await res.json();
    expect(sent.recipients.map((r: { email: string; audience: string }) => [r.email, r.audience])).toEqual([
      ['ann.wl@example.com', 'traveller'],
      ['wait@example.com', 'waitlist'],
    ]);
    expect(sent.includes_waitlist).toBe(true);
    // Bad input names the field.
    const bad = await api('POST', `/admin/departures/${w}/messages`, { subject: 'Hi', body: 'Hello', include_waitlist: 'yes' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors[0].field).toBe('include_waitlist');
  });

  it("an unpaid booking's other travellers are not written to (addresses typed by a booking nobody paid), its booker is", async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(45);
    const res = await fetch(`${s.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aBookingBody({ workshop_id: w, payment_option: 'full', customer_name: 'Hal Held', customer_email: 'hal.held@example.com', num_participants: 2, travellers: [{ name: 'Ivy Typed', email: 'ivy.typed@example.com' }] })),
    });
    expect(res.status).toBe(201);
    const preview = await (await api('POST', `/admin/departures/${w}/messages/preview`, { subject: 'Hi', body: 'Hello' })).json();
    expect(preview.recipients.map((r: { email: string }) => r.email)).toEqual(['hal.held@example.com']);
    // Still on the roster.
    const view = await (await api('GET', `/admin/departures/${w}`)).json();
    expect(view.travellers.map((t: { name: string }) => t.name)).toEqual(['Hal Held', 'Ivy Typed']);
  });

  it("a traveller's mail links their own pre-trip page, never the booker's manage link", async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(45);
    await aBooking(w, { customer_name: 'Ann Lee', customer_email: 'ann.link@example.com', num_participants: 2, travellers: [{ name: 'Ben Lee', email: 'ben.link@example.com' }] });
    const res = await api('POST', `/admin/departures/${w}/messages`, { subject: 'Links', body: 'Hello' });
    expect(res.status).toBe(201);
    const rows = (await m().findBy(MailOutbox, { kind: 'departure_message' })).filter((r) => (r.payload as { workshopId: string }).workshopId === w);
    const ctx = { origin: 'http://localhost:3000', links: { manageBooking: (id: string) => `http://localhost:3000/manage/${id}#secret`, travellerTasks: (id: string) => `http://localhost:3000/trip/${id}#own` } };
    const ann = await s.services.outbox.render(rows.find((r) => r.recipient === 'ann.link@example.com')!, ctx);
    const ben = await s.services.outbox.render(rows.find((r) => r.recipient === 'ben.link@example.com')!, ctx);
    expect(ann.html).toContain('/manage/');
    expect(ben.html).not.toContain('/manage/');
    expect(ben.html).toContain('/trip/');
    expect(ben.text).toContain('Your pre-trip page');

    // Ben's own page shows the message (REST and GraphQL, his link); another traveller's token is refused.
    const benRow = await m().findOneByOrFail(Traveller, { email: 'ben.link@example.com' });
    const annRow = await m().findOneByOrFail(Traveller, { email: 'ann.link@example.com' });
    const tokenOfTraveller = (id: string) => s.services.travellerLinks.url(id).split('#')[1];
    const page = await fetch(`${s.url}/api/travellers/${benRow.id}/departure`, { headers: { 'x-traveller-token': tokenOfTraveller(benRow.id) } });
    expect(page.status).toBe(200);
    expect((await page.json()).messages).toEqual([expect.objectContaining({ subject: 'Links', body: 'Hello' })]);
    expect((await fetch(`${s.url}/api/travellers/${benRow.id}/departure`, { headers: { 'x-traveller-token': tokenOfTraveller(annRow.id) } })).status).toBe(404);
    const gql = await s.gql<{ travellerDeparture: { messages: Array<{ subject: string }> } }>('query($i: TravellerAccessInput!) { travellerDeparture(input: $i) { messages { subject } } }', { i: { travellerId: benRow.id, token: tokenOfTraveller(benRow.id) } });
    expect(gql.data?.travellerDeparture.messages.map((x) => x.subject)).toEqual(['Links']);
  });

  it('nothing is half-sent: a failure inside the send leaves no message, no mail and no audit row', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const w = await aWorkshop(45);
    await aBooking(w, { customer_email: 'first@example.com' });
    await aBooking(w, { customer_email: 'second@example.com' });
    const outbox = s.services.outbox;
    const enqueue = outbox.enqueue.bind(outbox);
    let calls = 0;
    const spy = jest.spyOn(outbox, 'enqueue').mockImplementation(async (mm, mail) => {
      if (++calls === 2) throw new Error('mail table unavailable');
      return enqueue(mm, mail);
    });
    try {
      const res = await api('POST', `/admin/departures/${w}/messages`, { subject: 'Hello', body: 'World' });
      expect(res.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await m().countBy(DepartureMessage, { workshopId: w })).toBe(0);
    expect((await m().findBy(MailOutbox, { kind: 'departure_message' })).filter((r) => (r.payload as { workshopId: string }).workshopId === w)).toHaveLength(0);
    expect(await m().countBy(AuditEvent, { action: 'departure.message_sent', workshopId: w })).toBe(0);
  });
});
