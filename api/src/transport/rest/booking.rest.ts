import type { FastifyPluginAsync } from 'fastify';
import type { BookingService } from '../../booking/booking.service';
import { parseRestInput } from './http';
import { AppError } from '../../infrastructure/errors';
import { clientKey } from '../../infrastructure/rate-limit';
import type { WriteLimit } from '../rate-limits';
import type { Booking } from '../../booking/booking.entity';
import { bookingJson, type BookingPaymentFacts } from './booking-json';
import { BookingInput } from '../../booking/booking.input';
import { travellerNameInputs } from '../../traveller/traveller.input';
import { BOOKING_ROUTES } from './schemas/booking';

export { bookingJson } from './booking-json';

/** What is left to pay, when, and how (issue 21): the same service methods the GraphQL fields call. */
async function paymentOf(bookings: BookingService, b: Booking): Promise<BookingPaymentFacts> {
  return { balanceDueDate: await bookings.balanceDueDateOf(b), paysOnline: bookings.paysOnline };
}

export function bookingRoutes(bookings: BookingService, limit: WriteLimit, secretCheck: WriteLimit): FastifyPluginAsync {
  return async (app) => {
    app.post('/bookings', { schema: BOOKING_ROUTES.create }, async (req, reply) => {
      const input = await parseRestInput(BookingInput, req, { travellers: travellerNameInputs((req.body as { travellers?: unknown } | null)?.travellers) });
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
