import type { FastifyPluginAsync } from 'fastify';
import type { CheckoutRecoveryService, FinishedCheckout, RecoveredChoices } from '../../recovery/checkout-recovery.service';
import { FinishCheckoutInput, ResumeCheckoutInput } from '../../recovery/recovery.input';
import { snakeBodyToCamel } from '../../infrastructure/case';
import { clientKey } from '../../infrastructure/rate-limit';
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
  state: c.state,
  existing_booking_id: c.existingBookingId,
  workshop_name: c.workshopName,
  workshop_dates: c.workshopDates,
  payment_option_now: c.paymentOptionNow,
  payment_option_note: c.paymentOptionNote,
  subtotal_cents: c.subtotalCents,
  discount_cents: c.discountCents,
  total_cents: c.totalCents,
  due_now_cents: c.dueNowCents,
  installments: c.installments,
  promo_code: c.promoCode,
  promo_code_note: c.promoCodeNote,
  code_returned: c.codeReturned,
});

const finishedJson = (f: FinishedCheckout) => ({ outcome: f.outcome, booking_id: f.bookingId, url: f.url, session_id: f.sessionId });

/** The recovery link's page posts the token from its address's fragment (never in a URL we log). */
export function recoveryRoutes(recovery: CheckoutRecoveryService, secretCheck: WriteLimit, booking: WriteLimit): FastifyPluginAsync {
  return async (app) => {
    app.post('/checkout-recovery', { schema: BOOKING_ROUTES.resumeCheckout }, async (req) => {
      const body = snakeBodyToCamel(jsonObjectBody(req));
      const input = await validateInputOrThrow(ResumeCheckoutInput, { bookingId: body.bookingId, token: body.token });
      await secretCheck(req);
      return recoveredJson(await recovery.resumeOrThrow(input.bookingId, input.token));
    });
    app.post('/checkout-recovery/finish', { schema: BOOKING_ROUTES.finishCheckout }, async (req) => {
      const body = snakeBodyToCamel(jsonObjectBody(req));
      const input = await validateInputOrThrow(FinishCheckoutInput, { bookingId: body.bookingId, token: body.token, promoCode: body.promoCode, altcha: body.altcha });
      await secretCheck(req);
      await booking(req);
      return finishedJson(await recovery.finishOrThrow(input.bookingId, input.token, input.promoCode ?? null, clientKey(req), input.altcha ?? null));
    });
  };
}
