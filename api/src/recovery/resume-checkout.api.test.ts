import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { aBookingBody } from '../test/builders';
import { FakeStripe } from '../test/fake-stripe/fake-stripe';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { Booking } from '../booking/booking.entity';
import { BookingStatus } from '../booking/booking.types';
import { Traveller } from '../traveller/traveller.entity';
import { Workshop } from '../workshop/workshop.entity';
import { PromoCode, PromoKind, PromoUseState, PromoCodeUse } from '../promo/promo-code.entity';
import type { CreatePromoCodeInput } from '../promo/promo.input';
import { RecoveryMailKind, type RecoveryMailData } from './recovery.mails';

const HOUR = 3_600_000;
const WEBHOOK_SECRET = 'whsec_resume';

const PREVIEW = `mutation($input: ResumeCheckoutInput!) { resumeCheckout(input: $input) {
  bookingId state existingBookingId workshopName workshopDates numParticipants numSpouses roomType paymentOption paymentOptionNow paymentOptionNote
  subtotalCents discountCents totalCents dueNowCents installments promoCode promoCodeNote codeReturned spotsLeft } }`;
const FINISH = 'mutation($input: FinishCheckoutInput!) { finishCheckout(input: $input) { outcome bookingId url sessionId } }';

/**
 * The recovery link books the same choices again in one call (docs/decisions/098, amendment):
 * its page's figures are today's, the new booking copies the lapsed one's answers under the usual
 * rules, a second click (or two at once) leads to the one booking it made, and a run that filled
 * up, an address that booked since, a promo code that lapsed and answers erased since are each
 * answered as the page needs. With the Stripe fake and the clock moved, on SQLite and MariaDB.
 */
describe.each(DB_KINDS)('the recovery link finishes the booking on %s', (kind) => {
  let s: TestServer;
  let stripe: FakeStripe;
  let now = new Date('2026-01-15T12:00:00.000Z');
  const clock = () => new Date(now.getTime());

  beforeAll(async () => {
    stripe = await new FakeStripe({ webhookSecret: WEBHOOK_SECRET, now: () => Math.floor(clock().getTime() / 1000) }).start();
    s = await startTestServer(kind, { STRIPE_SECRET_KEY: 'sk_test_resume', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url }, undefined, { clock });
    stripe.webhookUrl = `${s.url}/api/webhook/stripe`;
    const base = await s.services.db.manager.findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    for (const [id, capacity] of [['resume-run', 12], ['tight-run', 3], ['since-run', 12], ['promo-run', 12], ['erased-run', 12], ['race-run', 12]] as const) {
      await s.services.db.manager.insert(Workshop, { ...base, id, name: `Run ${id}`, startDate: '2026-06-01', endDate: '2026-06-05', timeZone: 'UTC', spotsClaimed: 0, capacity });
    }
    s.services.workshops.catalog.invalidate();
  });
  afterAll(async () => {
    await s?.close();
    await stripe?.close();
  });

  const m = () => s.services.db.manager;
  const post = (path: string, body: unknown) => fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function book(overrides: Record<string, unknown>): Promise<string> {
    const res = await post('/api/bookings', aBookingBody({ recovery_consent: true, ...overrides }));
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  /** Past every hold (10 minutes with a provider): the sweeper releases them; then a day later the jobs write the mails. */
  async function lapseAndMail(): Promise<void> {
    now = new Date(now.getTime() + 15 * 60_000);
    await s.services.bookings.releaseExpiredHolds();
    now = new Date(now.getTime() + 25 * HOUR);
    await s.services.jobs.runDue();
  }

  async function linkOf(bookingId: string): Promise<{ bookingId: string; token: string }> {
    const mails = (await m().findBy(MailOutbox, { kind: RecoveryMailKind.checkoutRecovery })).map((r) => r.payload as RecoveryMailData);
    const mail = mails.find((x) => x.bookingId === bookingId);
    expect(mail).toBeDefined();
    return { bookingId, token: mail!.url.split('#')[1] };
  }

  const preview = async (link: { bookingId: string; token: string }) => {
    const r = await s.gql<{ resumeCheckout: Record<string, unknown> }>(PREVIEW, { input: link });
    expect(r.errors).toBeUndefined();
    return r.data!.resumeCheckout;
  };
  const finish = (link: { bookingId: string; token: string }, promoCode: string | null = null) =>
    s.gql<{ finishCheckout: { outcome: string; bookingId: string; url: string | null; sessionId: string | null } }>(FINISH, { input: { ...link, promoCode } });
  const bookingsOf = (email: string) => m().find(Booking, { where: { customerEmail: email }, order: { createdAt: 'ASC' } });

  it('shows the same choices at today’s prices; one click books them again with the answers and opens a fresh checkout; a second click leads to it', async () => {
    const lapsed = await book({
      workshop_id: 'resume-run',
      customer_email: 'yara@example.com',
      customer_name: 'Yara Stone',
      num_participants: 2,
      num_spouses: 1,
      room_type: 'private',
      health_concerns: 'Bad knee',
      dietary_restrictions: 'No nuts',
      travellers: [{ name: 'Tom Stone', email: 'tom@example.com' }],
    });
    await lapseAndMail();
    expect((await m().findOneByOrFail(Booking, { id: lapsed })).status).toBe(BookingStatus.expired);
    const link = await linkOf(lapsed);

    // The price went up meanwhile: the page shows today's ($3,000 a place, half for the partner, $500 room).
    await m().update(Workshop, { id: 'resume-run' }, { priceCents: 300_000, privateRoomSupplementCents: 50_000 });
    const page = await preview(link);
    expect(page).toMatchObject({
      state: 'ready',
      existingBookingId: null,
      workshopName: 'Run resume-run',
      workshopDates: 'Jun 1-5, 2026',
      numParticipants: 2,
      numSpouses: 1,
      roomType: 'private',
      paymentOptionNow: 'deposit',
      paymentOptionNote: null,
      subtotalCents: 800_000,
      discountCents: 0,
      totalCents: 800_000,
      dueNowCents: 240_000,
      codeReturned: false,
    });

    // One call: a new booking with the same choices and answers, held, and its checkout for today's deposit.
    const first = await finish(link);
    expect(first.errors).toBeUndefined();
    const made = first.data!.finishCheckout;
    expect(made.outcome).toBe('checkout');
    expect(made.url).toBe(`${stripe.url}/pay/${made.sessionId}`);
    expect(stripe.sessions.get(made.sessionId!)!.amount_total).toBe(240_000);
    const fresh = await m().findOneByOrFail(Booking, { id: made.bookingId });
    expect(fresh).toMatchObject({
      status: BookingStatus.held,
      workshopId: 'resume-run',
      customerName: 'Yara Stone',
      customerEmail: 'yara@example.com',
      numParticipants: 2,
      numSpouses: 1,
      roomType: 'private',
      age: 34,
      cameraBody: 'Nikon Z8',
      healthConcerns: 'Bad knee',
      dietaryRestrictions: 'No nuts',
      emergencyContactName: 'Luis Lopez',
      emergencyContactPhone: '555-010-0101',
      emergencyContactEmail: 'luis@example.com',
      totalCents: 800_000,
      dueNowCents: 240_000,
      // One reminder per customer: the new booking asks for none.
      recoveryConsent: false,
    });
    const travellers = await m().find(Traveller, { where: { bookingId: fresh.id }, order: { position: 'ASC' } });
    expect(travellers.map((t) => [t.position, t.name, t.email])).toEqual([
      [1, 'Yara Stone', 'yara@example.com'],
      [2, 'Tom Stone', 'tom@example.com'],
    ]);
    expect((await m().findOneByOrFail(Booking, { id: lapsed })).recoveryBookingId).toBe(fresh.id);

    // A second click (GraphQL or REST) makes nothing new: the same booking and its open checkout.
    const again = await post('/api/checkout-recovery/finish', { booking_id: link.bookingId, token: link.token });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ outcome: 'already_finished', booking_id: fresh.id, url: made.url, session_id: made.sessionId });
    expect(await bookingsOf('yara@example.com')).toHaveLength(2);
    expect(await preview(link)).toMatchObject({ state: 'already_finished', existingBookingId: fresh.id });

    // Paid: the link leads to the booking, with nothing left to pay there.
    await stripe.pay(made.sessionId!);
    const paid = await finish(link);
    expect(paid.data!.finishCheckout).toEqual({ outcome: 'already_finished', bookingId: fresh.id, url: null, sessionId: null });

    // A wrong token is the same 404 as ever.
    const wrong = await finish({ bookingId: lapsed, token: 'x'.repeat(43) });
    expect(wrong.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await post('/api/checkout-recovery/finish', { booking_id: lapsed, token: 'y'.repeat(43) })).status).toBe(404);
    const missing = await post('/api/checkout-recovery/finish', { booking_id: lapsed });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(await missing.json())).toContain('token');
  });

  it('two clicks at once make one booking', async () => {
    const lapsed = await book({ workshop_id: 'race-run', customer_email: 'race@example.com', num_participants: 3 });
    await lapseAndMail();
    const link = await linkOf(lapsed);
    // Two calls of the use case side by side (both pass the "made already?" and "booked since?" reads
    // before either books: only the claim in the booking's transaction tells them apart), and two requests.
    const direct = () => s.services.checkoutRecovery.finishOrThrow(link.bookingId, link.token, null, '203.0.113.9');
    const answers = await Promise.all([
      direct(),
      direct(),
      finish(link).then((r) => r.data!.finishCheckout),
      post('/api/checkout-recovery/finish', { booking_id: link.bookingId, token: link.token })
        .then((r) => r.json() as Promise<{ booking_id: string; outcome: string }>)
        .then((r) => ({ bookingId: r.booking_id, outcome: r.outcome })),
    ]);
    const ids = answers.map((a) => a.bookingId);
    expect(new Set(ids).size).toBe(1);
    expect(answers.filter((a) => a.outcome === 'checkout')).toHaveLength(1);
    const all = await bookingsOf('race@example.com');
    expect(all.map((b) => b.status)).toEqual([BookingStatus.expired, BookingStatus.held]);
    expect(all[1].id).toBe(ids[0]);
    // Three spots claimed once.
    expect((await m().findOneByOrFail(Workshop, { id: 'race-run' })).spotsClaimed).toBe(3);
  });

  it('offers the waiting list when too few spots remain, and says so when the address booked the run since (no checkout)', async () => {
    const tight = await book({ workshop_id: 'tight-run', customer_email: 'tight@example.com', num_participants: 2 });
    const since = await book({ workshop_id: 'since-run', customer_email: 'since@example.com' });
    await lapseAndMail();
    const tightLink = await linkOf(tight);
    const sinceLink = await linkOf(since);

    await book({ workshop_id: 'tight-run', customer_email: 'other@example.com', num_participants: 2 });
    expect(await preview(tightLink)).toMatchObject({ state: 'sold_out', spotsLeft: 1, numParticipants: 2 });
    const refused = await finish(tightLink);
    expect(refused.errors?.[0].extensions?.code).toBe('SOLD_OUT');
    expect(await bookingsOf('tight@example.com')).toHaveLength(1);

    const again = await book({ workshop_id: 'since-run', customer_email: 'since@example.com', recovery_consent: false });
    expect(await preview(sinceLink)).toMatchObject({ state: 'booked_since', existingBookingId: again });
    const led = await finish(sinceLink);
    expect(led.data!.finishCheckout).toEqual({ outcome: 'booked_since', bookingId: again, url: null, sessionId: null });
    expect(await bookingsOf('since@example.com')).toHaveLength(2);
  });

  it('checks the promo code again: applied while valid (one use claimed), left out once paused; never another code', async () => {
    await s.services.promos.createOrThrow({ code: 'COMEBACK10', kind: PromoKind.percent, percentOff: 10 } as CreatePromoCodeInput);
    await s.services.promos.createOrThrow({ code: 'OTHER20', kind: PromoKind.percent, percentOff: 20 } as CreatePromoCodeInput);
    const keep = await book({ workshop_id: 'promo-run', customer_email: 'keep@example.com', promo_code: 'COMEBACK10' });
    const lose = await book({ workshop_id: 'promo-run', customer_email: 'lose@example.com', promo_code: 'COMEBACK10' });
    await lapseAndMail();
    const promo = await m().findOneByOrFail(PromoCode, { code: 'COMEBACK10' });
    expect(promo.usesCount).toBe(0);
    const keepLink = await linkOf(keep);
    const loseLink = await linkOf(lose);

    const price = (await m().findOneByOrFail(Workshop, { id: 'promo-run' })).priceCents;
    expect(await preview(keepLink)).toMatchObject({ state: 'ready', promoCode: 'COMEBACK10', promoCodeNote: null, discountCents: price / 10, totalCents: price - price / 10 });
    const other = await finish(keepLink, 'OTHER20');
    expect(other.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(other.errors)).toContain('promoCode');
    const kept = await finish(keepLink, 'COMEBACK10');
    expect(kept.errors).toBeUndefined();
    const keptBooking = await m().findOneByOrFail(Booking, { id: kept.data!.finishCheckout.bookingId });
    expect(keptBooking).toMatchObject({ promoCode: 'COMEBACK10', discountCents: price / 10, totalCents: price - price / 10 });
    expect((await m().findOneByOrFail(PromoCode, { code: 'COMEBACK10' })).usesCount).toBe(1);
    expect(await m().countBy(PromoCodeUse, { bookingId: keptBooking.id, state: PromoUseState.active })).toBe(1);

    await s.services.promos.setPausedOrThrow(promo.id, true);
    const page = await preview(loseLink);
    expect(page).toMatchObject({ state: 'ready', promoCode: null, discountCents: 0, totalCents: price });
    expect(page.promoCodeNote).toBe('The promo code COMEBACK10 is paused and cannot be used now, so it is not applied.');
    // The page showed it without the code: sending it anyway is refused, nothing booked.
    const paused = await finish(loseLink, 'COMEBACK10');
    expect(paused.errors?.[0].extensions?.code).toBe('PROMO_CODE_REFUSED');
    expect(await bookingsOf('lose@example.com')).toHaveLength(1);
    const without = await finish(loseLink, null);
    expect(without.errors).toBeUndefined();
    expect(await m().findOneByOrFail(Booking, { id: without.data!.finishCheckout.bookingId })).toMatchObject({ promoCode: null, discountCents: 0, totalCents: price });
  });

  it('falls back to the refilled form when the answers were erased since (retention), booking nothing', async () => {
    const lapsed = await book({ workshop_id: 'erased-run', customer_email: 'erased@example.com' });
    await lapseAndMail();
    const link = await linkOf(lapsed);
    // What the retention job leaves (docs/decisions/100): no age, no emergency contact.
    await m().update(Booking, { id: lapsed }, { age: null, healthConcerns: null, emergencyContactName: '', emergencyContactPhone: '', emergencyContactEmail: '' });
    expect(await preview(link)).toMatchObject({ state: 'incomplete', numParticipants: 1 });
    const refused = await finish(link);
    expect(refused.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(refused.errors)).toContain('age');
    expect(await bookingsOf('erased@example.com')).toHaveLength(1);

    // A run archived since is closed to the link: nothing to book.
    await m().update(Workshop, { id: 'erased-run' }, { archivedAt: now });
    expect(await preview(link)).toMatchObject({ state: 'closed' });
    expect((await finish(link)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(await bookingsOf('erased@example.com')).toHaveLength(1);
  });
});
