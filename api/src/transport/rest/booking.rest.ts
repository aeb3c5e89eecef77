import type { FastifyPluginAsync } from 'fastify';
import type { BookingService } from '../../booking/booking.service';
import { parseRestInput } from './http';
import { AppError } from '../../infrastructure/errors';
import { clientKey } from '../../infrastructure/rate-limit';
import type { WriteLimit } from '../rate-limits';
import type { Booking } from '../../booking/booking.entity';
import { BookingInput } from '../../booking/booking.input';
import { BOOKING_ROUTES } from './schemas/booking';

/**
 * The public Booking (read) JSON: the spec's confirmation fields and the
 * booking's non-sensitive choices. Health, dietary, age, phone and emergency
 * contacts are for the admin only.
 */
export function bookingJson(b: Booking, payment?: { balanceDueDate: string | null; paysOnline: boolean }) {
  return {
    id: b.id,
    workshop_id: b.workshopId,
    workshop_name: b.workshopName,
    customer_name: b.customerName,
    customer_email: b.customerEmail,
    num_participants: b.numParticipants,
    num_spouses: b.numSpouses,
    room_type: b.roomType,
    payment_option: b.paymentOption,
    installments: b.installments,
    experience_level: b.experienceLevel,
    camera_body: b.cameraBody,
    lenses: b.lenses,
    other_equipment: b.otherEquipment,
    special_requests: b.specialRequests,
    trip_goals: b.tripGoals,
    total_amount: b.totalAmount,
    amount_due_now: b.amountDueNow,
    amount_paid: b.amountPaid,
    amount_refunded: b.amountRefunded,
    fees: b.fees,
    balance: b.balance,
    payment_status: b.paymentStatus,
    status: b.status,
    hold_expires_at: b.holdExpiresAt?.toISOString() ?? null,
    // GET and POST /api/bookings say when the rest falls due and how it is paid (the manage account has its own).
    ...(payment ? { balance_due_date: payment.balanceDueDate, pays_online: payment.paysOnline } : {}),
    created_at: b.createdAt.toISOString(),
  };
}

/** What is left to pay, when, and how (issue 21): the same service methods the GraphQL fields call. */
async function paymentOf(bookings: BookingService, b: Booking) {
  return { balanceDueDate: await bookings.balanceDueDateOf(b), paysOnline: bookings.paysOnline };
}

export function bookingRoutes(bookings: BookingService, limit: WriteLimit, secretCheck: WriteLimit): FastifyPluginAsync {
  return async (app) => {
    app.post('/bookings', { schema: BOOKING_ROUTES.create }, async (req, reply) => {
      const input = await parseRestInput(BookingInput, req);
      await limit(req);
      // A credit code is looked up: counted like a manage-link check (one count with GraphQL's).
      if (input.creditCode?.trim()) await secretCheck(req);
      const booking = await bookings.createOrThrow(input, clientKey(req));
      return reply.code(201).send(bookingJson(booking, await paymentOf(bookings, booking)));
    });
    app.get<{ Params: { id: string } }>('/bookings/:id', { schema: BOOKING_ROUTES.read }, async (req) => {
      const booking = await bookings.findById(req.params.id);
      if (!booking) throw AppError.notFound('Booking');
      return bookingJson(booking, await paymentOf(bookings, booking));
    });
  };
}
