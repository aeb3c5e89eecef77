import { BookingService } from '../../booking/booking.service';
import { Booking } from '../../booking/booking.entity';
import { createTestDb, DB_KINDS, type TestDb } from '../../test/db';
import { aBookingInput } from '../../test/builders';
import { PreparedSelect } from './prepared-select';

describe.each(DB_KINDS)('PreparedSelect on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    const bookings = new BookingService(t.db, () => new Date('2026-03-01T10:00:00.123Z'), { holdMinutes: 30 });
    for (const n of [1, 2, 3]) await bookings.createOrThrow(aBookingInput({ workshopId: 'zion-canyon-light', numParticipants: n, paymentOption: 'full' as never, customerName: `Guest ${n} Ünïcödé` }));
  });
  afterAll(() => t?.drop());

  const build = () =>
    t.db.manager.createQueryBuilder(Booking, 'b').where('b.workshopId = :workshopId AND b.holdExpiresAt > :after').orderBy('b.numParticipants', 'DESC');

  it('returns the same entities, with the same converted values, as getMany', async () => {
    const parameters = { workshopId: 'zion-canyon-light', after: new Date('2026-03-01T10:29:00.000Z') };
    const expected = await build().setParameters(parameters).getMany();
    const rows = await new PreparedSelect(t.db, Booking).run('all', build, parameters);
    expect(expected).toHaveLength(3);
    expect(rows).toEqual(expected);
    expect(rows[0]).toBeInstanceOf(Booking);
    expect(rows[0].holdExpiresAt).toEqual(new Date('2026-03-01T10:30:00.123Z'));
  });

  it('binds new parameters to the SQL built once, and hydrates only the selected columns', async () => {
    const select = new PreparedSelect(t.db, Booking);
    const narrow = () => build().select(['b.id', 'b.numParticipants']);
    expect(await select.run('narrow', narrow, { workshopId: 'zion-canyon-light', after: new Date('2026-03-01T11:00:00.000Z') })).toEqual([]);
    const rows = await select.run('narrow', narrow, { workshopId: 'zion-canyon-light', after: new Date('2026-03-01T10:00:00.000Z') });
    expect(rows.map((b) => b.numParticipants)).toEqual([3, 2, 1]);
    expect(Object.keys(rows[0]).sort()).toEqual(['id', 'numParticipants']);
  });

  it('binds numbers, booleans and dates per call, and a call with other parameter names still gets its own SQL', async () => {
    const select = new PreparedSelect(t.db, Booking);
    // `:everyone` (a boolean) lifts the `:min` filter.
    const atLeast = () => build().andWhere('(:everyone = 1 OR b.numParticipants >= :min)');
    const base = { workshopId: 'zion-canyon-light', after: new Date('2026-03-01T10:00:00.000Z'), everyone: false };
    const expected = await atLeast().setParameters({ ...base, min: 2 }).getMany();
    expect((await select.run('at least', atLeast, { ...base, min: 2 })).map((b) => b.numParticipants)).toEqual([3, 2]);
    expect(await select.run('at least', atLeast, { ...base, min: 2 })).toEqual(expected);
    expect((await select.run('at least', atLeast, { ...base, min: 3 })).map((b) => b.numParticipants)).toEqual([3]);
    expect((await select.run('at least', atLeast, { ...base, min: 3, everyone: true })).map((b) => b.numParticipants)).toEqual([3, 2, 1]);
    // the same shape asked with one more (unused) parameter: escaped for that call, same rows
    expect((await select.run('at least', atLeast, { ...base, min: 1, unused: 'x' })).map((b) => b.numParticipants)).toEqual([3, 2, 1]);
  });
});
