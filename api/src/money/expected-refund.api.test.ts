import { startTestServer, type TestServer } from '../test/app';
import { aBookingBody } from '../test/builders';

/**
 * Issue 21 finding 12: `expected_refund` had no upper bound; 1e308 became an
 * infinite number of cents and the refusal read "quoted as $Infinity". It is
 * dollars with 2 decimals, at most $1,000,000, refused with a 422 naming the
 * field before anything is looked at.
 */
describe('the expected refund of a customer cancellation is bounded', () => {
  let s: TestServer;
  let id: string;
  let token: string;

  beforeAll(async () => {
    s = await startTestServer('sqlite');
    const res = await fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(aBookingBody()) });
    id = ((await res.json()) as { id: string }).id;
    token = s.services.accounts.manageUrl(id).split('#')[1];
  });
  afterAll(() => s?.close());

  const cancelRest = (expected: unknown) =>
    fetch(`${s.url}/api/manage/${id}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"token":${JSON.stringify(token)},"expected_refund":${String(expected)}}` });
  const CANCEL = 'mutation C($input: CancelMyBookingInput!) { cancelMyBooking(input: $input) { booking { status } } }';

  it.each([1e308, 1_000_000.01, 5e6])('%s dollars is a 422 naming expected_refund over REST, BAD_USER_INPUT naming expectedRefund over GraphQL; the booking is untouched', async (amount) => {
    const rest = await cancelRest(amount);
    expect(rest.status).toBe(422);
    expect(await rest.json()).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ field: 'expected_refund', message: 'expected_refund must be at most $1,000,000' }] });
    const gql = await s.gql(CANCEL, { input: { bookingId: id, token, expectedRefund: amount } });
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'expectedRefund', message: 'expectedRefund must be at most $1,000,000' }] });
    expect(JSON.stringify([await rest.text().catch(() => ''), gql])).not.toContain('Infinity');
    expect((await s.services.bookings.getByIdOrThrow(id)).status).toBe('held');
  });

  it('an amount within the bound is compared with the quote as before (a refusal naming both amounts in dollars)', async () => {
    const res = await cancelRest(1_000_000);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'REFUND_QUOTE_CHANGED', detail: expect.stringMatching(/quoted as \$1,000,000\)/) });
    const gql = await s.gql(CANCEL, { input: { bookingId: id, token, expectedRefund: 1_000_000 } });
    expect(gql.errors?.[0].extensions).toMatchObject({ code: 'REFUND_QUOTE_CHANGED' });
    expect((await s.services.bookings.getByIdOrThrow(id)).status).toBe('held');
  });
});
