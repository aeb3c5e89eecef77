import type { FastifyPluginAsync } from 'fastify';
import type { CheckoutRecoveryService, RecoveredChoices } from '../../recovery/checkout-recovery.service';
import { ResumeCheckoutInput } from '../../recovery/recovery.input';
import { snakeBodyToCamel } from '../../infrastructure/case';
import { validateInputOrThrow } from '../../infrastructure/validation';
import type { WriteLimit } from '../rate-limits';
import { jsonObjectBody } from './http';
import { BOOKING_ROUTES } from './schemas/booking';

export const recoveredJson = (c: RecoveredChoices) => ({
  booking_id: c.bookingId,
  workshop_id: c.workshopId,
  customer_name: c.customerName,
  customer_email: c.customerEmail,
  customer_phone: c.customerPhone,
  num_participants: c.numParticipants,
  room_type: c.roomType,
  num_spouses: c.numSpouses,
  payment_option: c.paymentOption,
  spots_left: c.spotsLeft,
});

/** The recovery link's form posts the token from its address's fragment (never in a URL we log). */
export function recoveryRoutes(recovery: CheckoutRecoveryService, secretCheck: WriteLimit): FastifyPluginAsync {
  return async (app) => {
    app.post('/checkout-recovery', { schema: BOOKING_ROUTES.resumeCheckout }, async (req) => {
      const body = snakeBodyToCamel(jsonObjectBody(req));
      const input = await validateInputOrThrow(ResumeCheckoutInput, { bookingId: body.bookingId, token: body.token });
      await secretCheck(req);
      return recoveredJson(await recovery.resumeOrThrow(input.bookingId, input.token));
    });
  };
}
