import { WORKSHOP_SEEDS } from '../content/workshops';
import { createTestDb, DB_KINDS, type TestDb } from '../test/db';
import { WorkshopService } from './workshop.service';
import { Workshop } from './workshop.entity';
import { WorkshopType } from './workshop.types';

describe.each(DB_KINDS)('WorkshopService on %s', (kind) => {
  let t: TestDb;
  let service: WorkshopService;
  const now = new Date('2026-01-15T12:00:00Z');

  beforeAll(async () => {
    t = await createTestDb(kind);
    // Mid-January 2026: every seeded workshop is still to come.
    service = new WorkshopService(t.db, undefined, () => now);
  });
  afterAll(() => t?.drop());

  it('lists the 11 seeded workshops of 2026 in date order', async () => {
    const list = await service.list();
    expect(list).toHaveLength(11);
    const starts = list.map((w) => w.startDate);
    expect([...starts].sort()).toEqual(starts);
    for (const w of list) {
      expect(w.dates).toMatch(/2026/);
      expect(w.capacity).toBe(12);
      expect(w.availableSpots).toBe(12);
      expect(w.highlights.length).toBeGreaterThanOrEqual(4);
      expect(w.highlights.length).toBeLessThanOrEqual(6);
      expect(w.itinerary.split('\n')).toHaveLength(w.durationDays);
    }
  });

  it('covers every workshop type and the locations the owner named', async () => {
    const list = await service.list();
    expect(new Set(list.map((w) => w.workshopType))).toEqual(new Set(Object.values(WorkshopType)));
    const places = list.map((w) => `${w.location} ${w.state}`).join(' | ');
    for (const place of ['Zion', 'Alaska', 'Yellowstone']) expect(places).toContain(place);
  });

  it('finds a workshop by id and answers null for unknown or absurd ids', async () => {
    const zion = await service.findById('zion-canyon-light');
    expect(zion?.name).toBe('Zion Canyon Light & Slot Canyons');
    expect(zion?.price).toBe(2895);
    expect(zion?.privateRoomSupplement).toBe(500); // default when the workshop sets none
    expect(await service.findById('no-such-workshop')).toBeNull();
    expect(await service.findById('x'.repeat(500))).toBeNull();
    await expect(service.getByIdOrThrow('nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reports available spots as capacity minus claimed, never below zero', async () => {
    await t.db.manager.update(Workshop, { id: 'zion-canyon-light' }, { spotsClaimed: 12 });
    expect((await service.findById('zion-canyon-light'))!.availableSpots).toBe(0);
    await t.db.manager.update(Workshop, { id: 'zion-canyon-light' }, { spotsClaimed: 0 });
  });

  it('keeps the seed content consistent: ids are slugs, 2026 dates, durations match', () => {
    for (const s of WORKSHOP_SEEDS) {
      expect(s.id).toMatch(/^[a-z0-9-]+$/);
      expect(s.startDate.startsWith('2026-')).toBe(true);
      const days = (Date.parse(s.endDate) - Date.parse(s.startDate)) / 86_400_000 + 1;
      expect(s.days).toHaveLength(days);
    }
  });
});

describe.each(DB_KINDS)('WorkshopService with the clock moved, on %s', (kind) => {
  let t: TestDb;
  let service: WorkshopService;
  let now: Date;

  beforeAll(async () => {
    t = await createTestDb(kind);
    service = new WorkshopService(t.db, undefined, () => now);
  });
  afterAll(() => t?.drop());

  it('lists upcoming workshops first, then those that started (most recent first), and re-sorts the day one starts', async () => {
    // 2026-11-23, the day the issue was filed: only the Everglades (Dec 7) is still to come.
    now = new Date('2026-11-23T12:00:00Z');
    const starts = (await service.list()).map((w) => w.startDate);
    expect(starts[0]).toBe('2026-12-07');
    expect(starts.slice(1)).toEqual([...starts.slice(1)].sort().reverse());
    const everglades = (await service.findById('everglades-wading-birds'))!;
    expect(service.hasStarted(everglades)).toBe(false);

    // Midnight of Dec 7 in New York (05:00 UTC): it has started, without any write to the catalog.
    now = new Date(`2026-12-07T04:59:59Z`);
    expect((await service.list())[0].id).toBe(everglades.id);
    now = new Date('2026-12-07T05:00:00Z');
    expect(service.hasStarted(everglades)).toBe(true);
    expect((await service.list())[0].id).toBe(everglades.id); // the most recent of the past ones now
    expect((await service.list()).every((w) => service.hasStarted(w))).toBe(true);
  });

  it('keeps a board open until 30 days after the last day, in the workshop time zone', async () => {
    const w = (await service.findById('yellowstone-winter-wildlife'))!; // ends 2026-02-07, America/Denver
    now = new Date('2026-03-10T05:59:59Z'); // 23:59:59 on March 9 in Denver (MDT since March 8)
    expect(service.isBoardOpen(w)).toBe(true);
    now = new Date('2026-03-10T06:00:00Z');
    expect(service.isBoardOpen(w)).toBe(false);
  });
});
