import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { confirmByMail } from '../test/waitlist';
import { Booking } from '../booking/booking.entity';
import { Workshop } from '../workshop/workshop.entity';
import { AuditEvent } from '../audit/audit-event.entity';
import { WaitlistEntry } from '../waitlist/waitlist-entry.entity';

const PASSWORD = 'correct-horse-battery'; // startTestServer's ADMIN_PASSWORD
const ADMIN = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`, 'utf8').toString('base64')}` };

/** A complete workshop body as the editor form sends it (REST, snake_case). */
const aWorkshopBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'sedona-red-rocks-2027',
  name: 'Sedona Red Rocks at Dawn',
  description: 'Red sandstone, first light and monsoon skies.\n\nA landscape workshop for early risers.',
  location: 'Sedona',
  state: 'Arizona',
  start_date: '2027-03-08',
  end_date: '2027-03-12',
  time_zone: 'America/Phoenix',
  capacity: 10,
  minimum_participants: 5,
  price: 2195.5,
  private_room_supplement: 450,
  difficulty_level: 'Moderate',
  workshop_type: 'landscape',
  image_url: '/images/workshops/zion-canyon-light.jpg',
  highlights: ['Cathedral Rock at sunrise', 'Night sky over Red Rock Crossing'],
  itinerary: 'Day 1: Arrive\nDay 2: Cathedral Rock\nDay 3: Devils Bridge\nDay 4: Night sky\nDay 5: Depart',
  ...overrides,
});

const CREATE = `mutation Create($input: CreateWorkshopInput!) { createWorkshop(input: $input) { workshop { id capacity minimumParticipants price hasStarted archived } } }`;
const SCHEDULE = `mutation Again($input: ScheduleWorkshopAgainInput!) { scheduleWorkshopAgain(input: $input) { workshop { id startDate endDate dates price availableSpots hasStarted } } }`;
const ARCHIVE = `mutation Archive($input: ArchiveWorkshopInput!) { archiveWorkshop(input: $input) { workshop { id archived } } }`;

/** The admin's calendar (docs/decisions/059) over REST and GraphQL, with the clock at 2026-11-23 (the issue's day). */
describe.each(DB_KINDS)('admin workshop editor on %s', (kind) => {
  let s: TestServer;
  const now = new Date('2026-11-23T12:00:00Z');

  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = ADMIN) =>
    fetch(`${s.url}/api/admin/workshops${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const publicIds = async () => ((await (await fetch(`${s.url}/api/workshops`)).json()) as Array<{ id: string }>).map((w) => w.id);

  beforeAll(async () => {
    s = await startTestServer(kind, {}, undefined, { clock: () => now });
  });
  afterAll(() => s?.close());

  it('is behind the admin credential: 401 without it, over REST and GraphQL, and nothing is written', async () => {
    expect((await call('GET', '/', undefined, {})).status).toBe(401);
    expect((await call('POST', '/', aWorkshopBody(), {})).status).toBe(401);
    const gql = await s.gql(CREATE, { input: { ...camel(aWorkshopBody()), id: 'sneaky' } });
    expect(gql.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await s.services.db.manager.countBy(Workshop, { id: 'sneaky' })).toBe(0);
    // Writes from another site are refused before the password is even checked.
    expect((await call('POST', '/', aWorkshopBody(), { ...ADMIN, origin: 'https://evil.example' })).status).toBe(403);
  });

  it('lists every workshop one page at a time, newest first, the older pages by cursor (GraphQL and REST)', async () => {
    // Runs long past (never archived) besides the season: the pages reach them all, each once.
    const seed = await s.services.db.manager.findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    await s.services.db.manager.insert(
      Workshop,
      [2019, 2020, 2021].map((y) => ({ ...seed, id: `zion-canyon-light-${y}`, startDate: `${y}-04-13`, endDate: `${y}-04-18`, spotsClaimed: 0 })),
    );
    const all = (await s.services.db.manager.find(Workshop)).map((w) => `${w.startDate} ${w.id}`).sort().reverse();
    const PAGE = `query Page($limit: Int, $cursor: String) { adminWorkshops(limit: $limit, cursor: $cursor) { workshops { id startDate archived } nextCursor } }`;
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const res: { data?: { adminWorkshops: { workshops: Array<{ id: string; startDate: string }>; nextCursor: string | null } } } = await s.gql(PAGE, { limit: 4, cursor }, ADMIN);
      const page = res.data!.adminWorkshops;
      expect(page.workshops.length).toBeLessThanOrEqual(4);
      seen.push(...page.workshops.map((w) => `${w.startDate} ${w.id}`));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
    expect(seen[seen.length - 1]).toBe('2019-04-13 zion-canyon-light-2019');

    // REST: the same order, the next page named in a Link header.
    const first = await call('GET', '/?limit=5');
    expect(first.status).toBe(200);
    expect(((await first.json()) as Array<{ id: string }>).map((w) => w.id)).toEqual(all.slice(0, 5).map((x) => x.split(' ')[1]));
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    const second = await fetch(`${s.url}${next}`, { headers: ADMIN });
    expect(((await second.json()) as Array<{ id: string }>).map((w) => w.id)).toEqual(all.slice(5, 10).map((x) => x.split(' ')[1]));
    const last = await call('GET', `/?limit=200`);
    expect(((await last.json()) as unknown[]).length).toBe(all.length);
    expect(last.headers.get('link')).toBeNull();

    // Bad paging: a 422 naming the field, over REST and GraphQL.
    const badLimit = await call('GET', '/?limit=0');
    expect(badLimit.status).toBe(422);
    expect(JSON.stringify(await badLimit.json())).toContain('limit');
    const badCursor = await call('GET', `/?cursor=${encodeURIComponent("x' OR 1=1")}`);
    expect(badCursor.status).toBe(422);
    expect(JSON.stringify(await badCursor.json())).toContain('cursor');
    const gqlBad = await s.gql(PAGE, { limit: 500 }, ADMIN);
    expect(gqlBad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    await s.services.db.manager.delete(Workshop, [2019, 2020, 2021].map((y) => `zion-canyon-light-${y}`));
  });

  it('creates a workshop (REST): 201 with every field, in the public list and bookable at its price', async () => {
    const res = await call('POST', '/', aWorkshopBody());
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      id: 'sedona-red-rocks-2027',
      dates: 'Mar 8-12, 2027',
      duration_days: 5,
      price: 2195.5,
      price_cents: 219550,
      private_room_supplement: 450,
      capacity: 10,
      minimum_participants: 5,
      available_spots: 10,
      spots_claimed: 0,
      has_started: false,
      archived: false,
    });
    expect((await publicIds())[0]).toBe('everglades-wading-birds'); // Dec 7, 2026 comes first
    expect(await publicIds()).toContain('sedona-red-rocks-2027');
    const booking = await fetch(`${s.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aBookingBody({ workshop_id: 'sedona-red-rocks-2027', payment_option: 'full' })),
    });
    expect(booking.status).toBe(201);
    expect(await booking.json()).toMatchObject({ workshop_name: 'Sedona Red Rocks at Dawn', total_amount: 2195.5 });
  });

  it('names every bad field (snake_case over REST, camelCase over GraphQL)', async () => {
    const res = await call('POST', '/', aWorkshopBody({ id: 'Bad Id', capacity: 13, time_zone: 'Mars/Olympus', start_date: '2027-02-30', price: -5, highlights: [] }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: string; errors: Array<{ field: string }> };
    expect(body.code).toBe('BAD_USER_INPUT');
    expect(body.errors.map((e) => e.field).sort()).toEqual(['capacity', 'highlights', 'id', 'price', 'start_date', 'time_zone']);

    // Rules across fields: the end before the start, a minimum above capacity, a start in the past.
    const cross = await call('POST', '/', aWorkshopBody({ id: 'x-2026', start_date: '2026-11-20', end_date: '2026-11-19', minimum_participants: 11 }));
    expect(cross.status).toBe(422);
    expect(((await cross.json()) as { errors: Array<{ field: string; message: string }> }).errors).toEqual([
      { field: 'end_date', message: 'end_date must be on or after the start date' },
      { field: 'start_date', message: 'start_date must be after today (America/Phoenix)' },
      { field: 'minimum_participants', message: 'minimum_participants must be at most the capacity' },
    ]);

    const gql = await s.gql(CREATE, { input: camel(aWorkshopBody({ id: 'ok-id', capacity: 0 })) }, ADMIN);
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'capacity', message: 'capacity must be at least 1' }] });

    const taken = await call('POST', '/', aWorkshopBody({ id: 'zion-canyon-light' }));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'WORKSHOP_ID_TAKEN', errors: [{ field: 'id' }] });
  });

  it('edits a workshop; capacity never below the spots taken; existing bookings keep their prices', async () => {
    const booked = await fetch(`${s.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aBookingBody({ workshop_id: 'everglades-wading-birds', num_participants: 4, payment_option: 'full' })),
    });
    expect(booked.status).toBe(201);
    const before = (await booked.json()) as { id: string; total_amount: number };
    const current = (await (await call('GET', '/')).json()) as Array<Record<string, unknown>>;
    const everglades = current.find((w) => w.id === 'everglades-wading-birds')!;
    const edit = (overrides: Record<string, unknown>) =>
      call('PUT', '/everglades-wading-birds', {
        ...Object.fromEntries(Object.entries(everglades).filter(([k]) => k in aWorkshopBody())),
        ...overrides,
      });

    const tooSmall = await edit({ capacity: 3, minimum_participants: 3 });
    expect(tooSmall.status).toBe(422);
    expect(await tooSmall.json()).toMatchObject({
      code: 'CAPACITY_BELOW_CLAIMED',
      detail: 'Invalid input. capacity: capacity cannot be below the 4 spots already taken',
      errors: [{ field: 'capacity', message: 'capacity cannot be below the 4 spots already taken' }],
    });
    expect((await s.services.db.manager.findOneByOrFail(Workshop, { id: 'everglades-wading-birds' })).capacity).toBe(12);

    const ok = await edit({ capacity: 4, minimum_participants: 4, price: 9999, name: 'Everglades, renamed' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ capacity: 4, available_spots: 0, price: 9999, name: 'Everglades, renamed', start_date: '2026-12-07' });
    const kept = await s.services.db.manager.findOneByOrFail(Booking, { id: before.id });
    expect(kept.totalAmount).toBe(before.total_amount);
    expect(kept.workshopName).not.toBe('Everglades, renamed');
    // The public page sees the write at once (the catalog hears it).
    expect(await (await fetch(`${s.url}/api/workshops/everglades-wading-birds`)).json()).toMatchObject({ available_spots: 0, price: 9999 });
    // Moving its dates into the past is refused.
    expect(await (await edit({ start_date: '2026-11-01', end_date: '2026-11-05' })).json()).toMatchObject({ errors: [{ field: 'start_date' }] });
  });

  it('"Schedule again" copies a past workshop to new dates under a new id, bookable, in one call (GraphQL)', async () => {
    const PROPOSED = 'query($sourceId: ID!) { adminProposedRun(sourceId: $sourceId) { id startDate endDate } }';
    const proposed = async (sourceId: string) => (await s.gql<{ adminProposedRun: { id: string } }>(PROPOSED, { sourceId }, ADMIN)).data?.adminProposedRun;
    expect(await proposed('zion-canyon-light')).toEqual({ id: 'zion-canyon-light-2027', startDate: '2027-04-13', endDate: '2027-04-18' });
    const { data, errors } = await s.gql<{ scheduleWorkshopAgain: { workshop: Record<string, unknown> } }>(
      SCHEDULE,
      { input: { sourceId: 'zion-canyon-light', id: 'zion-canyon-light-2027', startDate: '2027-04-12' } },
      ADMIN,
    );
    expect(errors).toBeUndefined();
    expect(data?.scheduleWorkshopAgain.workshop).toEqual({
      id: 'zion-canyon-light-2027',
      startDate: '2027-04-12',
      endDate: '2027-04-17',
      dates: 'Apr 12-17, 2027',
      price: 2895,
      availableSpots: 12,
      hasStarted: false,
    });
    const booking = await fetch(`${s.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aBookingBody({ workshop_id: 'zion-canyon-light-2027' })),
    });
    expect(booking.status).toBe(201);
    // Over REST too, with the id taken: a conflict naming id.
    const again = await call('POST', '/zion-canyon-light/schedule-again', { id: 'zion-canyon-light-2027', start_date: '2027-05-01' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'WORKSHOP_ID_TAKEN', errors: [{ field: 'id' }] });
    // The next proposal is an id that is free (docs/decisions/079), from the source or from the new run.
    expect((await proposed('zion-canyon-light'))?.id).toBe('zion-canyon-light-2027-2');
    expect(await proposed('zion-canyon-light-2027')).toEqual({ id: 'zion-canyon-light-2028', startDate: '2028-04-12', endDate: '2028-04-17' });
    const taken = await s.gql(SCHEDULE, { input: { sourceId: 'zion-canyon-light', id: 'zion-canyon-light-2027-2', startDate: '2027-06-01' } }, ADMIN);
    expect(taken.errors).toBeUndefined();
    expect((await proposed('zion-canyon-light'))?.id).toBe('zion-canyon-light-2027-3');
    expect((await s.gql(PROPOSED, { sourceId: 'no-such-workshop' }, ADMIN)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await s.gql(PROPOSED, { sourceId: 'x'.repeat(65) }, ADMIN)).errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'sourceId' }] });
    expect((await s.gql(PROPOSED, { sourceId: 'zion-canyon-light' })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('archives a past workshop: gone from the lists, still reachable by id with its board; a coming one cannot be archived', async () => {
    const future = await s.gql(ARCHIVE, { input: { workshopId: 'everglades-wading-birds' } }, ADMIN);
    expect(future.errors?.[0].extensions).toMatchObject({ code: 'WORKSHOP_NOT_STARTED', fields: [{ field: 'workshopId' }] });

    const res = await call('POST', '/yellowstone-winter-wildlife/archive');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ archived: true, archived_at: now.toISOString() });
    expect(await publicIds()).not.toContain('yellowstone-winter-wildlife');
    const { data } = await s.gql<{ workshops: Array<{ id: string }> }>('{ workshops { id } }');
    expect(data?.workshops.map((w) => w.id)).not.toContain('yellowstone-winter-wildlife');
    const page = await fetch(`${s.url}/api/workshops/yellowstone-winter-wildlife`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ has_started: true });
    expect((await fetch(`${s.url}/api/workshops/yellowstone-winter-wildlife/messages`)).status).toBe(200);
    expect(((await (await call('GET', '/')).json()) as Array<{ id: string; archived: boolean }>).find((w) => w.id === 'yellowstone-winter-wildlife')?.archived).toBe(true);

    const back = await s.gql(ARCHIVE, { input: { workshopId: 'yellowstone-winter-wildlife', archived: false } }, ADMIN);
    expect(back.data).toEqual({ archiveWorkshop: { workshop: { id: 'yellowstone-winter-wildlife', archived: false } } });
    expect(await publicIds()).toContain('yellowstone-winter-wildlife');
  });

  it('raising the capacity of a sold-out workshop offers the new spots to its waiting list first; each edit is one audit row', async () => {
    const id = 'capacity-raise-2027';
    expect((await call('POST', '/', aWorkshopBody({ id, capacity: 2, minimum_participants: 2 }))).status).toBe(201);
    expect(await s.services.db.manager.countBy(AuditEvent, { action: 'workshop.created', workshopId: id })).toBe(1);
    await s.services.db.manager.update(Workshop, { id }, { spotsClaimed: 2 });
    s.services.workshops.catalog.invalidate();
    const join = await fetch(`${s.url}/api/workshops/${id}/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Wai Ting', email: 'wai@example.com', spots: 2 }),
    });
    expect(join.status).toBe(201);
    // Only a confirmed entry waits for spots (docs/decisions/067).
    await confirmByMail(s, (await join.json()).id);
    expect((await call('PUT', `/${id}`, aWorkshopBody({ id, capacity: 4, minimum_participants: 2 }))).status).toBe(200);
    expect(await s.services.db.manager.findOneByOrFail(WaitlistEntry, { workshopId: id })).toMatchObject({ state: 'offered' });
    // The offer holds the two new spots: nobody else can book them.
    expect((await s.services.db.manager.findOneByOrFail(Workshop, { id })).spotsClaimed).toBe(4);
    const edits = await s.services.db.manager.findBy(AuditEvent, { action: 'workshop.updated', workshopId: id });
    expect(edits).toHaveLength(1);
    expect(JSON.parse(edits[0].before!)).toEqual({ capacity: 2 });
    expect(JSON.parse(edits[0].after!)).toEqual({ capacity: 4 });
  });
});


/** snake_case REST body -> camelCase GraphQL input. */
function camel(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
}
