import { PaymentOption, RoomType } from '../../../booking/booking.types';
import { PromoKind } from '../../../promo/promo-code.entity';
import { ERRORS, ID_PARAMS, arrayOf, body, bool, instant, int, nullable, num, object, oneOf, str } from './json-schema';

/** A promo code as the admin sees it (docs/decisions/096): its terms and its live uses. */
export const PROMO_CODE = object({
  id: str,
  code: str,
  kind: oneOf(Object.values(PromoKind)),
  percent_off: nullable(int),
  amount_off_cents: nullable(int),
  amount_off: nullable(num),
  workshop_ids: arrayOf(str),
  valid_from: nullable(instant),
  valid_until: nullable(instant),
  max_uses: nullable(int),
  max_uses_per_email: nullable(int),
  min_participants: int,
  paused: bool,
  uses_count: int,
  created_at: instant,
});

/** The booking form's quote: the price with the code, in cents, as the booking will be charged. */
export const PROMO_QUOTE = object({
  promo_code: str,
  subtotal_cents: int,
  discount_cents: int,
  total_cents: int,
  due_now_cents: int,
  installments: nullable(int),
});

export const PROMO_ROUTES = {
  list: { response: { 200: arrayOf(PROMO_CODE), ...ERRORS } },
  create: {
    body: body({
      code: str,
      kind: oneOf(Object.values(PromoKind)),
      percent_off: nullable(int),
      amount_off_cents: nullable(int),
      workshop_ids: nullable(arrayOf(str)),
      valid_from: nullable(str),
      valid_until: nullable(str),
      max_uses: nullable(int),
      max_uses_per_email: nullable(int),
      min_participants: nullable(int),
    }),
    response: { 201: PROMO_CODE, ...ERRORS },
  },
  pause: { params: ID_PARAMS, body: body({ paused: bool }), response: { 200: PROMO_CODE, ...ERRORS } },
  quote: {
    body: body({
      workshop_id: str,
      promo_code: str,
      num_participants: int,
      num_spouses: nullable(int),
      room_type: nullable(oneOf(Object.values(RoomType))),
      payment_option: nullable(oneOf(Object.values(PaymentOption))),
      customer_email: nullable(str),
    }),
    response: { 200: PROMO_QUOTE, ...ERRORS },
  },
} as const;
