import type { TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import type { FakeStripe } from '../test/fake-stripe/fake-stripe';
import { startTestServerWithStripe } from '../test/stripe-server';
import { Booking } from '../booking/booking.entity';
import { CommunityMessage } from '../community/community-message.entity';
import { Workshop } from './workshop.entity';


const CREATE = `mutation Create($input: BookingInput!) { createBooking(input: $input) { booking { id } } }`;
const gqlInput = (overrides: Record<string, unknown> = {}) => {
  const input: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(aBookingBody())) input[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return { ...input, ...overrides };
};

/**
 * The clock in the rules (docs/decisions/059), with the app's clock moved: a
 * workshop whose first day has come (in its time zone) takes no booking and no
 * checkout, says so in its JSON and GraphQL, and its board closes 30 days after
 * its end. Zion runs 2026-04-13..18 in America/Denver (MDT, UTC-6).
 */
describe.each(DB_KINDS)('the workshop calendar on %s', (kind) => {
  let s: TestServer;
  let stripe: FakeStripe;
  let now = new Date('2026-04-12T12:00:00Z');

  const post = (path: string, body: unknown) => fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const spotsClaimed = async (id: string) => (await s.services.db.manager.findOneByOrFail(Workshop, { id })).spotsClaimed;

  beforeAll(async () => {
    ({ server: s, stripe } = await startTestServerWithStripe(kind, () => now));
  });
  afterAll(async () => {
    await s?.close();
    await stripe?.close();
  });

  it('the day before, a workshop is bookable; from midnight of its first day in its own time zone it is not, over REST and GraphQL, and nothing is claimed', async () => {
    now = new Date('2026-04-13T05:59:59Z'); // 23:59:59 on April 12 in Denver
    const zion = (await (await fetch(`${s.url}/api/workshops/zion-canyon-light`)).json()) as Record<string, unknown>;
    expect(zion).toMatchObject({ has_started: false, start_date: '2026-04-13', time_zone: 'America/Denver' });
    const early = await post('/api/bookings', aBookingBody({ payment_option: 'full' }));
    expect(early.status).toBe(201);
    const claimedBefore = await spotsClaimed('zion-canyon-light');
    const bookingsBefore = await s.services.db.manager.count(Booking);

    now = new Date('2026-04-13T06:00:00Z'); // midnight, April 13, in Denver
    const rest = await post('/api/bookings', aBookingBody({ num_participants: 2 }));
    expect(rest.status).toBe(409);
    expect(await rest.json()).toEqual({
      code: 'WORKSHOP_STARTED',
      detail: 'Zion Canyon Light & Slot Canyons (Apr 13-18, 2026) has already started and can no longer be booked',
      errors: [{ field: 'workshop_id', message: 'workshop_id is a workshop that has already started' }],
    });

    const gql = await s.gql(CREATE, { input: gqlInput() });
    expect(gql.data).toBeFalsy();
    expect(gql.errors?.[0]).toMatchObject({
      message: expect.stringContaining('has already started'),
      extensions: { code: 'WORKSHOP_STARTED', fields: [{ field: 'workshopId', message: 'workshopId is a workshop that has already started' }] },
    });

    expect(await spotsClaimed('zion-canyon-light')).toBe(claimedBefore);
    expect(await s.services.db.manager.count(Booking)).toBe(bookingsBefore);
  });

  it('a workshop that has started says so in the list, the page JSON and GraphQL, without any write to the catalog', async () => {
    now = new Date('2026-04-13T05:59:00Z');
    const before = (await (await fetch(`${s.url}/api/workshops`)).json()) as Array<{ id: string; has_started: boolean }>;
    expect(before.find((w) => w.id === 'zion-canyon-light')?.has_started).toBe(false);
    // The list is cached with the catalog snapshot: the snapshot ends at the next start.
    now = new Date('2026-04-13T06:00:00Z');
    const after = (await (await fetch(`${s.url}/api/workshops`)).json()) as Array<{ id: string; has_started: boolean }>;
    expect(after.find((w) => w.id === 'zion-canyon-light')?.has_started).toBe(true);
    // Upcoming first (NYC, April 24, is next), then the ones that started, most recent first.
    expect(after.map((w) => w.id).slice(-2)).toEqual(['zion-canyon-light', 'yellowstone-winter-wildlife']);
    expect(after[0].id).toBe('nyc-portrait-posing');
    const query = '{ workshop(id: "zion-canyon-light") { hasStarted hasEnded boardOpen } }';
    const { data } = await s.gql<{ workshop: { hasStarted: boolean; hasEnded: boolean; boardOpen: boolean } }>(query);
    // Under way: started, not ended (Zion runs April 13-18 in Denver).
    expect(data?.workshop).toEqual({ hasStarted: true, hasEnded: false, boardOpen: true });
    now = new Date('2026-04-19T05:59:00Z');
    expect((await s.gql<{ workshop: { hasEnded: boolean } }>(query)).data?.workshop.hasEnded).toBe(false);
    // The cached answer ends with the snapshot, at the start of the day after its last day.
    now = new Date('2026-04-19T06:00:00Z');
    expect((await s.gql<{ workshop: { hasEnded: boolean } }>(query)).data?.workshop).toEqual({ hasStarted: true, hasEnded: true, boardOpen: true });
  });

  it('a held booking of a workshop that has started cannot start checkout', async () => {
    now = new Date('2026-04-23T12:00:00Z'); // NYC starts April 24 (America/New_York)
    const res = await post('/api/bookings', aBookingBody({ workshop_id: 'nyc-portrait-posing', payment_option: 'full' }));
    expect(res.status).toBe(201);
    const booking = (await res.json()) as { id: string };
    now = new Date('2026-04-24T04:00:00Z'); // midnight in New York (EDT)
    const checkout = await post('/api/checkout/create-session', { booking_id: booking.id, origin_url: s.url });
    expect(checkout.status).toBe(409);
    expect(await checkout.json()).toMatchObject({ code: 'WORKSHOP_STARTED', errors: [{ field: 'booking_id' }] });
    expect(stripe.sessions.size).toBe(0);
  });

  it('the community board stays readable and takes messages until 30 days after the end, then refuses them', async () => {
    const message = { author_name: 'Ana', author_email: 'ana@example.com', message: 'Thanks everyone!', topic: 'general' };
    now = new Date('2026-05-19T05:59:00Z'); // 23:59 on May 18 in Denver: the 30th day after April 18
    expect((await post('/api/workshops/zion-canyon-light/messages', message)).status).toBe(201);
    now = new Date('2026-05-19T06:00:00Z');
    const refused = await post('/api/workshops/zion-canyon-light/messages', message);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'BOARD_CLOSED', errors: [{ field: 'workshop_id' }] });
    const board = await fetch(`${s.url}/api/workshops/zion-canyon-light/messages`);
    expect(board.status).toBe(200);
    expect(await board.json()).toHaveLength(1);
    expect(await s.services.db.manager.countBy(CommunityMessage, { workshopId: 'zion-canyon-light' })).toBe(1);
    const { data } = await s.gql<{ workshop: { boardOpen: boolean } }>('{ workshop(id: "zion-canyon-light") { boardOpen } }');
    expect(data?.workshop.boardOpen).toBe(false);
  });
});
