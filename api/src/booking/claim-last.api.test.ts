import type { EntityManager } from 'typeorm';
import { startTestServer, seasonClock, type TestServer } from '../test/app';
import { aBookingInput } from '../test/builders';
import { DB_KINDS } from '../test/db';
import { Workshop } from '../workshop/workshop.entity';
import { Booking } from './booking.entity';
import { BookingService } from './booking.service';
import { BookingInstallment } from './ledger.entities';
import { Traveller } from '../traveller/traveller.entity';
import { ScheduledJob } from '../infrastructure/jobs/scheduled-job.entity';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { PromoCode, PromoCodeUse, PromoKind } from '../promo/promo-code.entity';
import type { CreatePromoCodeInput } from '../promo/promo.input';
import { GiftCard, GiftCardUse } from '../gift-card/gift-card.entity';
import { PaymentOption, RoomType } from './booking.types';
import { In, Like } from 'typeorm';
import { countQueries } from '../test/query-counter';
import { TRAVELLER_JOBS } from '../traveller/traveller-reminders';
import { TRIP_DATA_ERASE_JOB } from '../privacy/trip-data-retention';
import { ACCOUNTING_ERASE_JOB } from '../privacy/accounting-retention';

const DAY = 86_400_000;

/**
 * The spots are claimed last in a booking's transaction (docs/decisions/107): a refused claim
 * rolls back every row the booking wrote, and whatever the order in which concurrent attempts
 * (one process's, behind its gate, or several processes') reach the claim, every seat is sold
 * once and each refusal names what was left.
 */
describe.each(DB_KINDS)('claiming the spots last on %s', (kind) => {
  let s: TestServer;
  const m = () => s.services.db.manager;
  let workshopCount = 0;
  /** A run of `capacity` spots 120 days out (every payment option offered). */
  const aWorkshop = async (capacity: number) => {
    const base = await m().findOneByOrFail(Workshop, { id: 'zion-canyon-light' });
    const start = new Date(seasonClock().getTime() + 120 * DAY).toISOString().slice(0, 10);
    const id = `claim-last-${kind}-${++workshopCount}`;
    await m().insert(Workshop, { ...base, id, name: `Claim last ${workshopCount}`, startDate: start, endDate: start, timeZone: 'UTC', spotsClaimed: 0, capacity, cancelledAt: null });
    s.services.workshops.catalog.invalidate();
    return id;
  };
  const claimed = async (id: string) => (await m().findOneByOrFail(Workshop, { id })).spotsClaimed;

  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(() => s?.close());

  it('a claim refused after the booking was written leaves no row behind: booking, travellers, jobs, installments, mail, promo use, credit use', async () => {
    const workshopId = await aWorkshop(4);
    await s.services.promos.createOrThrow({ code: 'CLAIMLAST10', kind: PromoKind.percent, percentOff: 10 } as CreatePromoCodeInput);
    const credit = await s.services.db.transaction((tx) =>
      s.services.credits.issue(tx, { amountCents: 10_000, sourceBookingId: '00000000-0000-4000-8000-000000000000', customerEmail: 'owner@example.com' }, seasonClock()),
    );
    const promoBefore = await m().findOneByOrFail(PromoCode, { code: 'CLAIMLAST10' });
    const cardBefore = await m().findOneByOrFail(GiftCard, { code: credit.code });
    const email = `claim-last-${kind}@example.com`;
    let written: Booking | null = null;
    // Between the booking's rows and its claim, the last spots go (as another instance's commit would take them):
    // the same statement in the booking's own transaction, so the refusal rolls it back with the rest.
    const takeTheSpots = async (tx: EntityManager, booking: Booking) => {
      written = booking;
      expect(await tx.countBy(Booking, { id: booking.id })).toBe(1);
      await tx.query('UPDATE workshops SET spots_claimed = capacity WHERE id = ?', [workshopId]);
    };
    const input = aBookingInput({
      workshopId,
      customerEmail: email,
      numParticipants: 2,
      roomType: RoomType.shared,
      numSpouses: 0,
      paymentOption: PaymentOption.payment_plan,
      promoCode: 'CLAIMLAST10',
      creditCode: credit.code,
      travellers: [{ name: 'Second Traveller', email: 'second@example.com' }],
    });
    await expect(s.services.bookings.createOrThrow(input, 'claim-last-client', takeTheSpots)).rejects.toMatchObject({
      code: 'SOLD_OUT',
      status: 409,
      message: 'This workshop is sold out',
    });
    expect(written).not.toBeNull();
    const id = written!.id;
    expect(await m().countBy(Booking, { id })).toBe(0);
    expect(await m().countBy(Booking, { customerEmail: email })).toBe(0);
    expect(await m().countBy(Traveller, { bookingId: id })).toBe(0);
    expect(await m().countBy(BookingInstallment, { bookingId: id })).toBe(0);
    expect(await m().countBy(ScheduledJob, { key: Like(`%${id}%`) })).toBe(0);
    expect(await m().countBy(MailOutbox, { recipient: email })).toBe(0);
    expect(await m().countBy(PromoCodeUse, { bookingId: id })).toBe(0);
    expect(await m().countBy(GiftCardUse, { bookingId: id })).toBe(0);
    expect((await m().findOneByOrFail(PromoCode, { code: 'CLAIMLAST10' })).usesCount).toBe(promoBefore.usesCount);
    expect((await m().findOneByOrFail(GiftCard, { code: credit.code })).balanceCents).toBe(cardBefore.balanceCents);
    expect(await claimed(workshopId)).toBe(0);

    // The same booking without the interference goes through, with everything it writes.
    const booking = await s.services.bookings.createOrThrow(input, 'claim-last-client');
    expect(await claimed(workshopId)).toBe(2);
    expect(await m().countBy(Traveller, { bookingId: booking.id })).toBe(2);
    expect(await m().countBy(PromoCodeUse, { bookingId: booking.id })).toBe(1);
    expect(await m().countBy(GiftCardUse, { bookingId: booking.id })).toBe(1);
  });

  it("a booking's jobs (the tasks' reminders and both erasures) are written in one statement of its transaction", async () => {
    const workshopId = await aWorkshop(4);
    const counter = countQueries(s.services.db);
    let booking: Booking;
    try {
      booking = await s.services.bookings.createOrThrow(aBookingInput({ workshopId, customerEmail: `one-insert-${kind}@example.com`, numParticipants: 1 }), 'one-insert-client');
    } finally {
      counter.restore();
    }
    expect(counter.queries.filter((q) => /^\s*INSERT INTO\W+scheduled_jobs/i.test(q))).toHaveLength(1);
    const jobs = await m().findBy(ScheduledJob, { key: Like(`%${booking.id}%`) });
    expect(new Set(jobs.map((j) => j.kind))).toEqual(new Set([TRAVELLER_JOBS.tasksReminder, TRIP_DATA_ERASE_JOB, ACCOUNTING_ERASE_JOB]));
    expect(jobs.filter((j) => j.kind === TRAVELLER_JOBS.tasksReminder).length).toBeGreaterThan(0);
  });

  it('an error before the claim on a workshop without the spots still answers SOLD_OUT, as when the claim came first', async () => {
    const workshopId = await aWorkshop(2);
    await s.services.bookings.createOrThrow(aBookingInput({ workshopId, customerEmail: `first-${kind}@example.com`, numParticipants: 1, roomType: RoomType.shared, numSpouses: 0 }));
    // The catalog still shows two spots (a write it has not seen): the refusal comes from the transaction.
    await m().query('UPDATE workshops SET spots_claimed = 2 WHERE id = ?', [workshopId]);
    const unknownPromo = aBookingInput({ workshopId, customerEmail: `second-${kind}@example.com`, numParticipants: 1, roomType: RoomType.shared, numSpouses: 0, promoCode: 'NO-SUCH-CODE' });
    const refused = s.services.bookings.createOrThrow(unknownPromo);
    await expect(refused).rejects.toMatchObject({ code: 'SOLD_OUT' });
    expect(await claimed(workshopId)).toBe(2);
    expect(await m().countBy(Booking, { workshopId })).toBe(1);
  });

  it('many concurrent bookings of 1–3 spots on the last 12, through one process (its gate) and two others: every seat sold once, each refusal names what was left', async () => {
    const workshopId = await aWorkshop(12);
    // This process's service (one gate for all its attempts) and two more, as other app instances on the same database.
    const others = [1, 2].map(() => new BookingService(s.services.db, seasonClock, { holdMinutes: null }));
    const services = [s.services.bookings, ...others];
    const attempts = Array.from({ length: 48 }, (_, i) => ({
      service: services[i % 3],
      spots: 1 + (i % 3),
      input: aBookingInput({ workshopId, customerEmail: `rush${i}-${kind}@example.com`, numParticipants: 1 + (i % 3), roomType: RoomType.shared, numSpouses: 0, paymentOption: PaymentOption.deposit }),
    }));
    const results = await Promise.allSettled(attempts.map((a) => a.service.createOrThrow(a.input)));
    const sold = results.reduce((sum, r, i) => sum + (r.status === 'fulfilled' ? attempts[i].spots : 0), 0);
    expect(sold).toBeGreaterThan(0);
    expect(sold).toBeLessThanOrEqual(12);
    expect(await claimed(workshopId)).toBe(sold);
    const rows = await m().findBy(Booking, { workshopId });
    expect(rows.reduce((sum, b) => sum + b.numParticipants, 0)).toBe(sold);
    // A traveller row per spot (the booker and the others) of the bookings this process's service made (the
    // bare services stand in for other instances' bookings and publish no events).
    const ours = results.flatMap((r, i) => (r.status === 'fulfilled' && attempts[i].service === s.services.bookings ? [r.value] : []));
    const oursSpots = ours.reduce((sum, b) => sum + b.numParticipants, 0);
    expect(ours.length === 0 ? 0 : await m().countBy(Traveller, { bookingId: In(ours.map((b) => b.id)) })).toBe(oursSpots);
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') return;
      const wanted = attempts[i].spots;
      expect(r.reason).toMatchObject({ code: 'SOLD_OUT', status: 409 });
      const message = (r.reason as Error).message;
      const only = /^Only (\d+) (spot is|spots are) left for this workshop; you asked for (\d+)$/.exec(message);
      if (message !== 'This workshop is sold out') {
        expect(only).not.toBeNull();
        const left = Number(only![1]);
        expect(only![2]).toBe(left === 1 ? 'spot is' : 'spots are');
        expect(Number(only![3])).toBe(wanted);
        expect(left).toBeLessThan(wanted);
        expect(left).toBeGreaterThanOrEqual(0);
      }
    });
    // The last refusals saw the final state: with 1-spot attempts among the last, nothing stays unsold for long.
    if (sold < 12) {
      const more = await s.services.bookings.createOrThrow(aBookingInput({ workshopId, customerEmail: `late-${kind}@example.com`, numParticipants: 12 - sold, roomType: RoomType.shared, numSpouses: 0 }));
      expect(more.numParticipants).toBe(12 - sold);
    }
    await expect(s.services.bookings.createOrThrow(aBookingInput({ workshopId, customerEmail: `after-${kind}@example.com`, numParticipants: 1, roomType: RoomType.shared, numSpouses: 0 }))).rejects.toMatchObject({
      code: 'SOLD_OUT',
      message: 'This workshop is sold out',
    });
    expect(await claimed(workshopId)).toBe(12);
  });
});
