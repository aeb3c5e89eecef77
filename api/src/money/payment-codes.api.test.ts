import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { Booking } from '../booking/booking.entity';
import type { FakeStripe } from '../test/fake-stripe/fake-stripe';
import { startTestServerWithStripe } from '../test/stripe-server';
import { PaymentSlot } from './payment-slot';


const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A refused REST request's status and error code. */
async function refusal(res: Promise<Response>): Promise<[number, string]> {
  const r = await res;
  return [r.status, (await r.json()).code];
}

const PAY_NOW = 'mutation($i: ManageBookingInput!) { payBookingNow(input: $i) { url sessionId } }';
const CHECKOUT = 'mutation($i: CheckoutSessionInput!) { createCheckoutSession(input: $i) { url sessionId } }';

/**
 * Issue 22: the refusals of "pay now" and of a checkout say what happened, with
 * one code each (infrastructure/errors.ts, 409 over REST), the same over REST
 * and GraphQL, and change nothing: FIRST_PAYMENT_PENDING (a held booking's
 * manage page), ONLINE_PAYMENT_UNAVAILABLE (no payment provider),
 * PAYMENT_IN_PROGRESS (the payment slot is held by a charge or a checkout being
 * created).
 */
describe.each(DB_KINDS)('payment refusal codes on %s', (kind) => {
  let now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());

  describe('with a payment provider', () => {
    let s: TestServer;
    let stripe: FakeStripe;
    beforeAll(async () => {
      ({ server: s, stripe } = await startTestServerWithStripe(kind, clock));
    });
    afterAll(async () => {
      await s?.close();
      await stripe?.close();
    });
    beforeEach(() => {
      now = new Date('2026-01-15T12:00:00.000Z');
    });

    const booking = (id: string) => s.services.db.manager.findOneByOrFail(Booking, { id });
    const tokenOf = (id: string) => s.services.accounts.manageUrl(id).split('#')[1];
    const book = async (paymentOption = 'deposit') => {
      const res = await post(`${s.url}/api/bookings`, aBookingBody({ workshop_id: 'zion-canyon-light', payment_option: paymentOption, num_participants: 1, room_type: 'shared', num_spouses: 0 }));
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const holdSlot = (id: string, slot: PaymentSlot) => s.services.db.manager.update(Booking, { id }, { checkoutSessionId: slot.value });

    it('"pay now" on a booking whose first payment is not made: FIRST_PAYMENT_PENDING over REST and GraphQL; no session is started', async () => {
      const id = await book();
      const sessions = stripe.sessions.size;
      expect(await refusal(post(`${s.url}/api/manage/${id}/pay`, { token: tokenOf(id) }))).toEqual([409, 'FIRST_PAYMENT_PENDING']);
      const gql = await s.gql(PAY_NOW, { i: { bookingId: id, token: tokenOf(id) } });
      expect(gql.errors?.[0]).toMatchObject({ message: expect.stringContaining('finish the first payment'), extensions: { code: 'FIRST_PAYMENT_PENDING' } });
      expect(stripe.sessions.size).toBe(sessions);
      expect(await booking(id)).toMatchObject({ status: 'held', checkoutSessionId: null });
    });

    it('"pay now" while an installment charge holds the payment slot: PAYMENT_IN_PROGRESS over REST and GraphQL; the slot and the provider are untouched', async () => {
      const id = await book();
      const start = await (await post(`${s.url}/api/checkout/create-session`, { booking_id: id, origin_url: 'http://localhost:3000' })).json();
      await stripe.pay(start.session_id);
      await stripe.idle();
      expect((await booking(id)).status).toBe('confirmed');

      const charging = PaymentSlot.claimForCharge(clock());
      await holdSlot(id, charging);
      const sessions = stripe.sessions.size;
      expect(await refusal(post(`${s.url}/api/manage/${id}/pay`, { token: tokenOf(id) }))).toEqual([409, 'PAYMENT_IN_PROGRESS']);
      const gql = await s.gql(PAY_NOW, { i: { bookingId: id, token: tokenOf(id) } });
      expect(gql.errors?.[0].extensions?.code).toBe('PAYMENT_IN_PROGRESS');
      expect(stripe.sessions.size).toBe(sessions);
      expect((await booking(id)).checkoutSessionId).toBe(charging.value);
    });

    it('a checkout while another request is creating the session (and never finishes in time): PAYMENT_IN_PROGRESS over REST and GraphQL', async () => {
      const id = await book();
      const creating = PaymentSlot.claimForCheckout(clock());
      await holdSlot(id, creating);
      const sessions = stripe.sessions.size;
      // Each waits (about 5 s) for the other request's session before it gives up.
      const [rest, gql] = await Promise.all([
        refusal(post(`${s.url}/api/checkout/create-session`, { booking_id: id, origin_url: 'http://localhost:3000' })),
        s.gql(CHECKOUT, { i: { bookingId: id, originUrl: 'http://localhost:3000' } }),
      ]);
      expect(rest).toEqual([409, 'PAYMENT_IN_PROGRESS']);
      expect(gql.errors?.[0].extensions?.code).toBe('PAYMENT_IN_PROGRESS');
      expect(stripe.sessions.size).toBe(sessions);
      expect(await booking(id)).toMatchObject({ status: 'held', checkoutSessionId: creating.value });
    }, 30_000);
  });

  describe('without a payment provider', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer(kind, {}, undefined, { clock });
    });
    afterAll(() => s?.close());

    it('"pay now" on a confirmed booking with a balance: ONLINE_PAYMENT_UNAVAILABLE over REST and GraphQL; nothing changes', async () => {
      const res = await post(`${s.url}/api/bookings`, aBookingBody({ workshop_id: 'zion-canyon-light', payment_option: 'deposit', num_participants: 1, room_type: 'shared', num_spouses: 0 }));
      const id = ((await res.json()) as { id: string }).id;
      // The admin records the deposit received by bank transfer: confirmed, the balance left to pay.
      const deposit = (await s.services.bookings.getByIdOrThrow(id)).dueNowCents;
      await s.services.bookings.recordPaymentOrThrow(id, deposit);
      const before = await s.services.bookings.getByIdOrThrow(id);
      expect(before.status).toBe('confirmed');
      expect(before.balanceCents).toBeGreaterThan(0);

      const token = s.services.accounts.manageUrl(id).split('#')[1];
      expect(await refusal(post(`${s.url}/api/manage/${id}/pay`, { token }))).toEqual([409, 'ONLINE_PAYMENT_UNAVAILABLE']);
      const gql = await s.gql(PAY_NOW, { i: { bookingId: id, token } });
      expect(gql.errors?.[0]).toMatchObject({ message: expect.stringContaining('Online payment is not available'), extensions: { code: 'ONLINE_PAYMENT_UNAVAILABLE' } });
      expect(await s.services.bookings.getByIdOrThrow(id)).toMatchObject({ status: 'confirmed', amountPaidCents: before.amountPaidCents, checkoutSessionId: null });
    });
  });
});
