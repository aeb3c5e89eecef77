import { GiftCardKind, GiftCardState } from '../../../gift-card/gift-card.entity';
import { ERRORS, ID_PARAMS, arrayOf, body, bool, date, instant, int, nullable, num, object, oneOf, str } from './json-schema';

const STATE = oneOf(Object.values(GiftCardState));
const CODE_BODY = body({ code: str }, ['code']);

export const GIFT_CARD_BALANCE = object({
  code: str,
  kind: oneOf(['gift_card', 'credit']),
  balance: num,
  balance_cents: int,
  expires_at: instant,
  usable: bool,
  total_cents: nullable(int),
  due_now_cents: nullable(int),
  covers_cents: nullable(int),
  left_to_pay_now_cents: nullable(int),
  balance_after_cents: nullable(int),
});
/** The booking form's code box: the code, and optionally the form's choices to price (as GraphQL's codeBalance). */
const BALANCE_BODY = body(
  {
    code: str,
    workshop_id: nullable(str),
    num_participants: nullable(int),
    num_spouses: nullable(int),
    room_type: nullable(oneOf(['shared', 'private'])),
    payment_option: nullable(oneOf(['full', 'deposit', 'payment_plan'])),
    promo_code: nullable(str),
  },
  ['code'],
);

export const ADMIN_GIFT_CARD = object({
  id: str,
  code: str,
  kind: oneOf(Object.values(GiftCardKind)),
  state: STATE,
  amount: num,
  balance: num,
  workshop_id: nullable(str),
  buyer_name: str,
  buyer_email: str,
  recipient_name: str,
  recipient_email: str,
  deliver_on: date,
  delivered_at: nullable(instant),
  created_at: instant,
  paid_at: nullable(instant),
  expires_at: instant,
  uses: arrayOf(object({ booking_id: str, amount: num, used_at: instant })),
});

/** The REST schemas of the gift cards (docs/decisions/094). */
export const GIFT_CARD_ROUTES = {
  purchase: {
    body: body({ amount_dollars: int, workshop_id: str, buyer_name: str, buyer_email: str, recipient_name: str, recipient_email: str, message: str, deliver_on: date }),
    response: { 201: object({ gift_card_id: str, url: nullable(str), session_id: nullable(str) }), ...ERRORS },
  },
  purchaseStatus: {
    params: object({ sessionId: str }),
    response: { 200: object({ state: STATE, amount: num, deliver_on: date, recipient_name: str }), ...ERRORS },
  },
  balance: { body: BALANCE_BODY, response: { 200: GIFT_CARD_BALANCE, ...ERRORS } },
  card: {
    body: CODE_BODY,
    response: {
      200: object({ code: str, recipient_name: str, buyer_name: str, message: str, amount: num, balance: num, workshop_id: nullable(str), expires_at: instant, kind: oneOf(Object.values(GiftCardKind)) }),
      ...ERRORS,
    },
  },
  managePay: {
    params: ID_PARAMS,
    body: body({ token: str, code: str }, ['code']),
    response: { 200: object({ spent: num, balance_left: num }), ...ERRORS },
  },
  adminList: { response: { 200: arrayOf(ADMIN_GIFT_CARD), ...ERRORS } },
  adminIssue: { body: body({ amount_dollars: int, recipient_name: str, recipient_email: str, message: str, deliver_on: date }), response: { 201: ADMIN_GIFT_CARD, ...ERRORS } },
  adminVoid: { params: ID_PARAMS, response: { 200: ADMIN_GIFT_CARD, ...ERRORS } },
  adminRefund: { params: ID_PARAMS, response: { 200: ADMIN_GIFT_CARD, ...ERRORS } },
};
