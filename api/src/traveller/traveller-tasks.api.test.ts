import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { AuditEvent } from '../audit/audit-event.entity';
import { WaiverSignature } from './waiver.entities';
import { Workshop } from '../workshop/workshop.entity';
import { ScheduledJob } from '../infrastructure/jobs/scheduled-job.entity';
import { TravellerMailKind } from './traveller.mails';

const ADMIN = { authorization: `Basic ${Buffer.from('admin:correct-horse-battery').toString('base64')}` };
const UA = 'Mozilla/5.0 (test) TravellerTasks';

const json = (s: TestServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${s.url}${path}`, { method, headers: { 'content-type': 'application/json', 'user-agent': UA, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });

const HEALTH = { age: 41, health_concerns: '', dietary_restrictions: 'No nuts', emergency_contact_name: 'Kim Lee', emergency_contact_phone: '+1 555 010 0199', emergency_contact_email: 'kim@example.com' };

describe.each(DB_KINDS)('traveller tasks on %s', (kind) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.close());

  const m = () => s.services.db.manager;
  const manageToken = (bookingId: string) => s.services.accounts.manageUrl(bookingId).split('#')[1];
  const travellerToken = (id: string) => s.services.travellerLinks.token(id);

  /** A copy of Zion (same dates, 2026-04-13) with room for every test's bookings. */
  let workshops = 0;
  async function aWorkshop(): Promise<string> {
    const base = await m().findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    const id = `tasks-${kind}-${++workshops}`;
    await m().insert(Workshop, { ...base, id, spotsClaimed: 0, capacity: 12 });
    s.services.workshops.catalog.invalidate();
    return id;
  }

  /** A booking of three on a workshop of its own: Ana books, Bea is named, the third is left for later. */
  async function bookThree(extra: Record<string, unknown> = {}) {
    const workshopId = await aWorkshop();
    const res = await json(s, 'POST', '/api/bookings', aBookingBody({ workshop_id: workshopId, num_participants: 3, travellers: [{ name: 'Bea Kim', email: 'bea@example.com' }, { later: true }], ...extra }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    // Paid (recorded by the admin): the named travellers are invited once someone paid (decision 084).
    const { total_amount } = (await (await fetch(`${s.url}/api/bookings/${id}`)).json()) as { total_amount: number };
    expect((await json(s, 'POST', `/api/admin/bookings/${id}/payments`, { amount: total_amount }, ADMIN)).status).toBe(200);
    const travellers = await s.services.travellers.listForBooking(m(), id);
    return { id, travellers, workshopId };
  }

  it('nobody is mailed before the booking is paid: a held booking invites no traveller (anyone may type any address)', async () => {
    const workshopId = await aWorkshop();
    const res = await json(s, 'POST', '/api/bookings', aBookingBody({ workshop_id: workshopId, num_participants: 2, travellers: [{ name: 'Stranger', email: 'held-stranger@example.com' }] }));
    expect(res.status).toBe(201);
    expect(await m().countBy(MailOutbox, { recipient: 'held-stranger@example.com' })).toBe(0);
  });

  it('a named traveller is mailed their own link; their link opens their tasks (REST and GraphQL alike)', async () => {
    const { id, travellers, workshopId } = await bookThree();
    const bea = travellers[1];
    const invites = await m().findBy(MailOutbox, { kind: TravellerMailKind.tasksInvite, recipient: 'bea@example.com' });
    expect(invites.some((r) => (r.payload as { travellerId: string }).travellerId === bea.id)).toBe(true);
    // The link's token never sits in the outbox row: the template signs it when the mail is sent.
    expect(JSON.stringify(invites.map((r) => r.payload))).not.toContain(travellerToken(bea.id));

    const res = await json(s, 'GET', `/api/travellers/${bea.id}`, undefined, { 'x-traveller-token': travellerToken(bea.id) });
    expect(res.status).toBe(200);
    const tasks = await res.json();
    expect(tasks).toMatchObject({ traveller_id: bea.id, booking_id: id, position: 2, name: 'Bea Kim', workshop_id: workshopId, deadline: '2026-03-14', readiness: { tasks_done: 0, tasks_total: 4 } });
    expect(tasks.gear.map((g: { id: string }) => g.id)).toEqual(['camera', 'tripod', 'batteries', 'storage']);

    const gql = await s.gql<{ travellerTasks: { name: string; deadline: string; waiver: { contentHash: string } } }>(
      'query($input: TravellerAccessInput!) { travellerTasks(input: $input) { name deadline waiver { contentHash } } }',
      { input: { travellerId: bea.id, token: travellerToken(bea.id) } },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.travellerTasks).toEqual({ name: 'Bea Kim', deadline: '2026-03-14', waiver: { contentHash: tasks.waiver.content_hash } });
  });

  it('signs the waiver through the traveller’s link: name typed, version hash, time, IP, user agent kept; the signed PDF is mailed and downloadable by the admin', async () => {
    const { travellers } = await bookThree();
    const bea = travellers[1];
    const token = travellerToken(bea.id);
    const view = await (await json(s, 'GET', `/api/travellers/${bea.id}`, undefined, { 'x-traveller-token': token })).json();
    const hash = view.waiver.content_hash as string;

    const noConsent = await json(s, 'POST', `/api/travellers/${bea.id}/waiver`, { token, full_name: 'Beatrice Kim', consent: false, content_hash: hash });
    expect(noConsent.status).toBe(422);
    expect((await noConsent.json()).errors).toEqual([expect.objectContaining({ field: 'consent' })]);
    const noName = await json(s, 'POST', `/api/travellers/${bea.id}/waiver`, { token, full_name: '  ', consent: true, content_hash: hash });
    expect(noName.status).toBe(422);
    expect((await noName.json()).errors).toEqual([expect.objectContaining({ field: 'full_name' })]);

    const res = await json(s, 'POST', `/api/travellers/${bea.id}/waiver`, { token, full_name: 'Beatrice Kim', consent: true, content_hash: hash });
    expect(res.status).toBe(200);
    const signed = await res.json();
    expect(signed.waiver).toMatchObject({ signed: true, signed_name: 'Beatrice Kim' });
    expect(signed.readiness).toEqual({ tasks_done: 1, tasks_total: 4, missing: ['health', 'travel', 'gear'] });
    const row = await m().findOneByOrFail(WaiverSignature, { travellerId: bea.id });
    expect(row).toMatchObject({ nameTyped: 'Beatrice Kim', contentHash: hash, signedBy: 'traveller', userAgent: UA, ip: '127.0.0.1' });
    expect(row.signedAt).toBeInstanceOf(Date);

    // The signed copy: a mail to the traveller whose attachment is a PDF.
    const mail = await m().findOneByOrFail(MailOutbox, { kind: TravellerMailKind.waiverSigned, recipient: 'bea@example.com' });
    const rendered = await s.services.outbox.render(mail, { origin: 'https://example.test' });
    expect(rendered.attachments).toHaveLength(1);
    expect(rendered.attachments[0]).toMatchObject({ contentType: 'application/pdf', encoding: 'base64' });
    expect(Buffer.from(rendered.attachments[0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await fetch(`${s.url}/api/admin/travellers/${bea.id}/waiver.pdf`, { headers: ADMIN });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await fetch(`${s.url}/api/admin/travellers/${bea.id}/waiver.pdf`)).status).toBe(401);

    // Signing again changes nothing: one signature.
    await json(s, 'POST', `/api/travellers/${bea.id}/waiver`, { token, full_name: 'Beatrice Kim', consent: true, content_hash: hash });
    expect(await m().countBy(WaiverSignature, { travellerId: bea.id })).toBe(1);
  });

  it('refuses a signature through one traveller’s link for another, and a wrong token, with nothing stored', async () => {
    const { travellers } = await bookThree();
    const [ana, bea] = travellers;
    const view = await (await json(s, 'GET', `/api/travellers/${bea.id}`, undefined, { 'x-traveller-token': travellerToken(bea.id) })).json();
    const res = await json(s, 'POST', `/api/travellers/${ana.id}/waiver`, { token: travellerToken(bea.id), full_name: 'Ana Lopez', consent: true, content_hash: view.waiver.content_hash });
    expect(res.status).toBe(404);
    const gql = await s.gql('mutation($input: SignWaiverInput!) { signWaiver(input: $input) { travellerId } }', {
      input: { travellerId: ana.id, token: travellerToken(bea.id), fullName: 'Ana Lopez', consent: true, contentHash: view.waiver.content_hash },
    });
    expect(gql.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    // Another booking's manage link does not open this traveller either.
    const other = await bookThree();
    const viaOtherBooking = await json(s, 'GET', `/api/travellers/${ana.id}?booking_id=${other.id}`, undefined, { 'x-manage-token': manageToken(other.id) });
    expect(viaOtherBooking.status).toBe(404);
    expect(await m().countBy(WaiverSignature, { travellerId: ana.id })).toBe(0);
  });

  it('the booker completes every task for a traveller from the manage page: 4 of 4 ready', async () => {
    const { id, travellers, workshopId } = await bookThree();
    const third = travellers[2];
    const access = { token: manageToken(id), booking_id: id };
    const view = await (await json(s, 'GET', `/api/travellers/${third.id}?booking_id=${id}`, undefined, { 'x-manage-token': manageToken(id) })).json();

    const young = await json(s, 'PUT', `/api/travellers/${third.id}/health`, { ...access, ...HEALTH, age: 17 });
    expect(young.status).toBe(422);
    expect((await young.json()).errors).toEqual([expect.objectContaining({ field: 'age' })]);
    const badPhone = await json(s, 'PUT', `/api/travellers/${third.id}/health`, { ...access, ...HEALTH, emergency_contact_phone: 'call me' });
    expect((await badPhone.json()).errors).toEqual([expect.objectContaining({ field: 'emergency_contact_phone' })]);
    expect((await json(s, 'PUT', `/api/travellers/${third.id}/health`, { ...access, ...HEALTH })).status).toBe(200);

    const travel = { ...access, arrival_date: '2026-04-12', arrival_time: '16:30', arrival_by: 'flight', flight_number: 'ua 1234', roommate_preference: 'no_preference' };
    const early = await json(s, 'PUT', `/api/travellers/${third.id}/travel`, { ...travel, arrival_date: '2026-03-01' });
    expect((await early.json()).errors).toEqual([expect.objectContaining({ field: 'arrival_date' })]);
    const badTime = await json(s, 'PUT', `/api/travellers/${third.id}/travel`, { ...travel, arrival_time: '25:00' });
    expect((await badTime.json()).errors).toEqual([expect.objectContaining({ field: 'arrival_time' })]);
    const noPreference = await json(s, 'PUT', `/api/travellers/${third.id}/travel`, { ...travel, roommate_preference: null });
    expect((await noPreference.json()).errors).toEqual([expect.objectContaining({ field: 'roommate_preference' })]);
    const stranger = await json(s, 'PUT', `/api/travellers/${third.id}/travel`, { ...travel, roommate_preference: 'named_person', roommate_name: 'Nobody Here' });
    expect((await stranger.json()).errors).toEqual([expect.objectContaining({ field: 'roommate_name' })]);
    const withBea = await json(s, 'PUT', `/api/travellers/${third.id}/travel`, { ...travel, roommate_preference: 'named_person', roommate_name: 'bea  kim' });
    expect(withBea.status).toBe(200);
    expect(await withBea.json()).toMatchObject({ roommate_preference: 'named_person', roommate_name: 'Bea Kim', flight_number: 'UA1234' });

    const unknownGear = await json(s, 'PUT', `/api/travellers/${third.id}/gear`, { ...access, ticked: ['camera', 'jetpack'] });
    expect((await unknownGear.json()).errors).toEqual([expect.objectContaining({ field: 'ticked' })]);
    const someGear = await (await json(s, 'PUT', `/api/travellers/${third.id}/gear`, { ...access, ticked: ['camera', 'tripod'] })).json();
    expect(someGear.readiness.missing).toContain('gear');
    await json(s, 'PUT', `/api/travellers/${third.id}/gear`, { ...access, ticked: ['camera', 'tripod', 'batteries', 'storage'] });

    const signed = await json(s, 'POST', `/api/travellers/${third.id}/waiver`, { ...access, full_name: 'Cy Third', consent: true, content_hash: view.waiver.content_hash });
    expect(await signed.json()).toMatchObject({ readiness: { tasks_done: 4, tasks_total: 4, missing: [] } });
    expect(await m().findOneByOrFail(WaiverSignature, { travellerId: third.id })).toMatchObject({ signedBy: 'booker' });

    const list = await (await json(s, 'GET', `/api/manage/${id}/travellers`, undefined, { 'x-manage-token': manageToken(id) })).json();
    expect(list.travellers.map((t: { readiness: { tasks_done: number } }) => t.readiness.tasks_done)).toEqual([0, 0, 4]);
    const roster = (await s.services.travellers.listForRun(m(), workshopId)).find((r) => r.travellerId === third.id)!;
    expect(roster.readiness).toEqual({ tasksDone: 4, tasksTotal: 4, missing: [] });
  });

  it('the booker names a traveller left for later (they get their own link), until the deadline', async () => {
    const { id, travellers } = await bookThree();
    const third = travellers[2];
    const res = await json(s, 'PUT', `/api/manage/${id}/travellers/${third.id}`, { name: 'Cy Ode', email: 'Cy@Example.com' }, { 'x-manage-token': manageToken(id) });
    expect(res.status).toBe(200);
    expect((await res.json()).travellers[2]).toMatchObject({ name: 'Cy Ode', email: 'cy@example.com' });
    const invite = await m().findBy(MailOutbox, { kind: TravellerMailKind.tasksInvite, recipient: 'cy@example.com' });
    expect(invite.some((r) => (r.payload as { travellerId: string }).travellerId === third.id)).toBe(true);

    const bad = await json(s, 'PUT', `/api/manage/${id}/travellers/${third.id}`, { name: 'Cy Ode', email: 'nope' }, { 'x-manage-token': manageToken(id) });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual([expect.objectContaining({ field: 'email' })]);
    const booker = await json(s, 'PUT', `/api/manage/${id}/travellers/${travellers[0].id}`, { name: 'X', email: 'x@example.com' }, { 'x-manage-token': manageToken(id) });
    expect((await booker.json()).errors).toEqual([expect.objectContaining({ field: 'traveller_id' })]);
    const wrong = await json(s, 'PUT', `/api/manage/${id}/travellers/${third.id}`, { name: 'Cy Ode', email: 'cy@example.com' }, { 'x-manage-token': 'x'.repeat(32) });
    expect(wrong.status).toBe(404);

    const gql = await s.gql<{ nameTraveller: { travellers: Array<{ name: string }> } }>('mutation($input: NameTravellerInput!) { nameTraveller(input: $input) { travellers { name } } }', {
      input: { bookingId: id, token: manageToken(id), travellerId: third.id, name: 'Cyrus Ode', email: 'cy@example.com' },
    });
    expect(gql.data!.nameTraveller.travellers.map((t) => t.name)).toEqual(['Ana Lopez', 'Bea Kim', 'Cyrus Ode']);
  });

  it('a new waiver version asks again those who signed the old one; the old signature is kept; the admin sees every version', async () => {
    const { travellers, workshopId } = await bookThree();
    const bea = travellers[1];
    const token = travellerToken(bea.id);
    const first = await (await json(s, 'GET', `/api/travellers/${bea.id}`, undefined, { 'x-traveller-token': token })).json();
    await json(s, 'POST', `/api/travellers/${bea.id}/waiver`, { token, full_name: 'Bea Kim', consent: true, content_hash: first.waiver.content_hash });

    const empty = await json(s, 'PUT', `/api/admin/workshops/${workshopId}/waiver`, { text: ' ' }, ADMIN);
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors).toEqual([expect.objectContaining({ field: 'text' })]);
    const saved = await json(s, 'PUT', `/api/admin/workshops/${workshopId}/waiver`, { text: `Zion release ${kind}: slot canyons flood.` }, ADMIN);
    expect(saved.status).toBe(200);
    const waiver = await saved.json();
    expect(waiver.current.text).toBe(`Zion release ${kind}: slot canyons flood.`);
    expect(waiver.current.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(waiver.versions.length).toBeGreaterThanOrEqual(2); // the default text Bea signed was kept as a version
    expect(await m().countBy(AuditEvent, { action: 'waiver.version_saved', workshopId })).toBeGreaterThanOrEqual(1);

    const again = await (await json(s, 'GET', `/api/travellers/${bea.id}`, undefined, { 'x-traveller-token': token })).json();
    expect(again.waiver).toMatchObject({ signed: false, content_hash: waiver.current.content_hash });
    expect(again.readiness.missing).toContain('waiver');
    // Signing the old text now is refused: the page must show the new one first.
    const stale = await json(s, 'POST', `/api/travellers/${bea.id}/waiver`, { token, full_name: 'Bea Kim', consent: true, content_hash: first.waiver.content_hash });
    expect(stale.status).toBe(409);
    expect((await stale.json()).errors).toEqual([expect.objectContaining({ field: 'content_hash' })]);
    expect(await m().countBy(WaiverSignature, { travellerId: bea.id })).toBe(1);

    const gql = await s.gql<{ adminWorkshopWaiver: { current: { text: string } } }>('query($id: ID!) { adminWorkshopWaiver(workshopId: $id) { current { text } } }', { id: workshopId }, ADMIN);
    expect(gql.data!.adminWorkshopWaiver.current.text).toBe(`Zion release ${kind}: slot canyons flood.`);
  });

  it('a transfer: the travellers follow the booking, the new workshop’s waiver must be signed, the reminders move to its deadline', async () => {
    const { id, travellers, workshopId } = await bookThree();
    const bea = travellers[1];
    const token = travellerToken(bea.id);
    const before = await (await json(s, 'GET', `/api/travellers/${bea.id}`, undefined, { 'x-traveller-token': token })).json();
    await json(s, 'POST', `/api/travellers/${bea.id}/waiver`, { token, full_name: 'Bea Kim', consent: true, content_hash: before.waiver.content_hash });

    // Another run, later in the season, with its own waiver text.
    const base = await m().findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    const target = `${workshopId}-later`;
    await m().insert(Workshop, { ...base, id: target, startDate: '2026-05-18', endDate: '2026-05-23', spotsClaimed: 0, capacity: 12 });
    s.services.workshops.catalog.invalidate();
    await json(s, 'PUT', `/api/admin/workshops/${target}/waiver`, { text: 'The later run’s own release.' }, ADMIN);

    const moved = await json(s, 'POST', `/api/manage/${id}/transfer`, { workshop_id: target }, { 'x-manage-token': manageToken(id) });
    expect(moved.status).toBe(200);
    const after = await (await json(s, 'GET', `/api/travellers/${bea.id}`, undefined, { 'x-traveller-token': token })).json();
    expect(after).toMatchObject({ workshop_id: target, deadline: '2026-04-18', waiver: { signed: false, text: 'The later run’s own release.' } });
    expect(after.readiness.missing).toContain('waiver');
    expect(await s.services.travellers.listForBooking(m(), id)).toHaveLength(3);
    expect((await s.services.travellers.listForRun(m(), target)).filter((r) => r.bookingId === id)).toHaveLength(3);
    expect((await s.services.travellers.listForRun(m(), workshopId)).filter((r) => r.bookingId === id)).toHaveLength(0);
    const jobs = await m().createQueryBuilder(ScheduledJob, 'j').where('j.key LIKE :k', { k: `travellers:${id}:%` }).getMany();
    expect(jobs.filter((j) => j.state === 'pending').map((j) => j.key).every((k) => k.includes(`:${target}:2026-04-18:`))).toBe(true);
    expect(jobs.filter((j) => j.state === 'pending')).toHaveLength(4);
    expect(jobs.filter((j) => j.key.includes(`:${workshopId}:`)).every((j) => j.state === 'cancelled')).toBe(true);
  });

  it('two signatures at the same moment (two tabs) leave one; two travellers signing the default text at once both count', async () => {
    const { travellers } = await bookThree();
    const [, bea, third] = travellers;
    const beaToken = travellerToken(bea.id);
    const view = await (await json(s, 'GET', `/api/travellers/${bea.id}`, undefined, { 'x-traveller-token': beaToken })).json();
    const sign = (id: string, token: string, name: string) => json(s, 'POST', `/api/travellers/${id}/waiver`, { token, full_name: name, consent: true, content_hash: view.waiver.content_hash });
    const answers = await Promise.all([sign(bea.id, beaToken, 'Bea Kim'), sign(bea.id, beaToken, 'Bea Kim'), sign(third.id, travellerToken(third.id), 'Cy Third')]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await m().countBy(WaiverSignature, { travellerId: bea.id })).toBe(1);
    expect(await m().countBy(WaiverSignature, { travellerId: third.id })).toBe(1);
  });
});
