import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';

const WORKSHOP_KEYS = [
  'available_spots',
  'board_open',
  'cancelled',
  'dates',
  'description',
  'difficulty_level',
  'duration_days',
  'end_date',
  'has_started',
  'highlights',
  'id',
  'image_url',
  'itinerary',
  'location',
  'name',
  'payment_options',
  'price',
  'private_room_supplement',
  'start_date',
  'state',
  'time_zone',
  'workshop_type',
].sort();

describe.each(DB_KINDS)('workshop and testimonial APIs on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.close());

  it('GET /api/workshops returns the spec fields in snake_case', async () => {
    const res = await fetch(`${s.url}/api/workshops`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<Record<string, unknown>>;
    expect(list).toHaveLength(11);
    for (const w of list) expect(Object.keys(w).sort()).toEqual(WORKSHOP_KEYS);
    const zion = list.find((w) => w.id === 'zion-canyon-light')!;
    // The server says which ways to pay it accepts today (its clock: 2026-01-15, balance of Zion due Feb 12).
    expect(zion.payment_options).toEqual([
      { option: 'full', available: true, reason: null },
      { option: 'deposit', available: true, reason: null },
      { option: 'payment_plan', available: false, reason: expect.stringContaining('at least 3 monthly installments') },
    ]);
    expect(zion).toMatchObject({
      price: 2895,
      available_spots: 12,
      duration_days: 6,
      workshop_type: 'landscape',
      difficulty_level: 'Moderate',
      state: 'Utah',
      dates: 'Apr 13-18, 2026',
      private_room_supplement: 500,
    });
    expect(Array.isArray(zion.highlights)).toBe(true);
  });

  it('GET /api/workshops/{id} returns one workshop, 404 when absent', async () => {
    const ok = await fetch(`${s.url}/api/workshops/alaska-bears-glaciers`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: 'alaska-bears-glaciers', state: 'Alaska', private_room_supplement: 800 });
    const missing = await fetch(`${s.url}/api/workshops/does-not-exist`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ detail: 'Workshop not found' });
  });

  it('GET /api/testimonials returns reviews with the spec fields', async () => {
    const res = await fetch(`${s.url}/api/testimonials`);
    const list = (await res.json()) as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThanOrEqual(6);
    for (const t of list) {
      expect(Object.keys(t).sort()).toEqual(['client_name', 'date', 'id', 'location', 'rating', 'review_text', 'workshop_attended']);
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
    }
  });

  it('answers the same data over GraphQL in camelCase', async () => {
    const res = await s.gql<{ workshops: Array<Record<string, unknown>>; workshop: Record<string, unknown>; missing: null; testimonials: unknown[] }>(
      `{ workshops { id price availableSpots durationDays workshopType }
         workshop(id: "zion-canyon-light") { name dates price privateRoomSupplement highlights itinerary }
         missing: workshop(id: "nope") { id }
         testimonials { id rating clientName reviewText } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.workshops).toHaveLength(11);
    expect(res.data!.workshop).toMatchObject({ dates: 'Apr 13-18, 2026', price: 2895, privateRoomSupplement: 500 });
    expect(res.data!.missing).toBeNull();
    expect(res.data!.testimonials.length).toBeGreaterThanOrEqual(6);
  });

  it('GET /api/health reports the database up', async () => {
    const res = await fetch(`${s.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('unknown API paths are a JSON 404, not the web app', async () => {
    const res = await fetch(`${s.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
