import { createTestDb, DB_KINDS, type TestDb } from '../test/db';
import { aBookingInput } from '../test/builders';
import * as references from './booking-reference';

jest.mock('./booking-reference', () => {
  const actual = jest.requireActual<typeof import('./booking-reference')>('./booking-reference');
  return { ...actual, newBookingReference: jest.fn(actual.newBookingReference) };
});
import { Booking } from './booking.entity';
import { BookingService } from './booking.service';
import { PaymentOption } from './booking.types';

/** A new booking's reference is checked by the unique index, not read first (decision 107): a taken one is drawn again. */
describe.each(DB_KINDS)('a booking reference drawn twice on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(() => t?.drop());

  it('draws another reference when the first is taken, in the same transaction, and books', async () => {
    const service = new BookingService(t.db, () => new Date('2026-03-01T10:00:00.000Z'), { holdMinutes: null });
    const first = await service.createOrThrow(aBookingInput({ workshopId: 'alaska-bears-glaciers', customerEmail: 'first@example.com', paymentOption: PaymentOption.full }));
    const draw = jest.mocked(references.newBookingReference);
    draw.mockClear();
    draw.mockReturnValueOnce(first.reference!).mockReturnValueOnce(first.reference!);
    const second = await service.createOrThrow(aBookingInput({ workshopId: 'alaska-bears-glaciers', customerEmail: 'second@example.com', paymentOption: PaymentOption.full }));
    expect(draw).toHaveBeenCalledTimes(3);
    expect(second.reference).toMatch(references.REFERENCE_PATTERN);
    expect(second.reference).not.toBe(first.reference);
    expect((await t.db.manager.findOneByOrFail(Booking, { id: second.id })).reference).toBe(second.reference);
    expect(await t.db.manager.countBy(Booking, { reference: first.reference! })).toBe(1);
  });
});
