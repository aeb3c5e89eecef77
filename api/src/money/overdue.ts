import type { EntityManager } from 'typeorm';
import { balanceDueDate, localDate } from '../shared/policy';
import { BookingStatus } from '../shared/booking-status';
import { Booking } from '../booking/booking.entity';
import { BookingInstallment, InstallmentState } from '../booking/ledger.entities';

/** The admin's overdue list: confirmed bookings whose balance or an installment is past due. */
export async function overdueBookings(m: EntityManager, now: Date): Promise<Booking[]> {
  const live = await m.find(Booking, { where: { status: BookingStatus.confirmed }, relations: { workshop: true }, order: { createdAt: 'ASC' } });
  const failed = new Set((await m.find(BookingInstallment, { where: { state: InstallmentState.failed } })).map((i) => i.bookingId));
  const late = new Set(
    (await m.createQueryBuilder(BookingInstallment, 'i').where('i.state = :s', { s: InstallmentState.scheduled }).andWhere('i.dueDate < :today', { today: localDate(now) }).getMany()).map((i) => i.bookingId),
  );
  return live.filter((b) => {
    if (b.balanceCents <= 0) return false;
    if (b.paymentOption === 'payment_plan') return failed.has(b.id) || late.has(b.id);
    const w = b.workshop!;
    return localDate(now, w.timeZone) > balanceDueDate(w.startDate);
  });
}
