import { InstallmentState, PaymentMethod, PaymentPurpose, RefundReason, RefundState } from '../../../booking/ledger.entities';
import { CreditState } from '../../../credit/credit.entity';
import { ADMIN_BOOKING, BOOKING } from './booking';
import { ADMIN_WORKSHOP, WORKSHOP } from './catalog';
import { ERRORS, ID_PARAMS, arrayOf, pagedQuery, body, bool, date, instant, int, nullable, num, object, oneOf, str } from './json-schema';

/** The manage page's account (booking-account.rest.ts bookingAccountJson), with the public or the admin booking. */
function account(booking: Record<string, unknown>) {
  return object({
    booking,
    workshop: WORKSHOP,
    payments: arrayOf(
      object({
        id: str,
        amount: num,
        method: oneOf(Object.values(PaymentMethod)),
        purpose: oneOf(Object.values(PaymentPurpose)),
        installment_number: nullable(int),
        provider_payment_id: nullable(str),
        refunded: num,
        note: nullable(str),
        received_at: instant,
      }),
    ),
    refunds: arrayOf(
      object({
        id: str,
        amount: num,
        method: oneOf(Object.values(PaymentMethod)),
        state: oneOf(Object.values(RefundState)),
        reason: oneOf(Object.values(RefundReason)),
        provider_refund_id: nullable(str),
        note: nullable(str),
        last_error: nullable(str),
        created_at: instant,
        completed_at: nullable(instant),
      }),
    ),
    schedule: arrayOf(
      object({
        number: int,
        due_date: date,
        amount: num,
        state: oneOf(Object.values(InstallmentState)),
        failed_attempts: int,
        last_error: nullable(str),
        paid_at: nullable(instant),
      }),
    ),
    balance: num,
    balance_due_date: nullable(date),
    next_payment: { ...object({ label: str, amount: num, due_date: nullable(date), overdue: bool, can_pay_now: bool }), type: ['object', 'null'] },
    cancellation: {
      ...object({ days_before_start: int, refund_percent: num, fee: num, paid: num, refund: num, kept: num, explanation: str }),
      type: ['object', 'null'],
    },
    transfer: object({
      allowed: bool,
      fee: num,
      reason: nullable(str),
      options: arrayOf(
        object({
          workshop_id: str,
          workshop_name: str,
          dates: str,
          new_total: num,
          fee: num,
          difference: num,
          refund_now: num,
          kept: num,
          balance_after: num,
          balance_due_date: nullable(date),
          cancel_refund_after: num,
          terms: arrayOf(str),
        }),
      ),
    }),
    refunds_owed: num,
  });
}

export const ACCOUNT = account(BOOKING);
export const ADMIN_ACCOUNT = account(ADMIN_BOOKING);

export const CREDIT = object({ code: str, amount: num, balance: num, state: oneOf(Object.values(CreditState)), used: bool, issued_at: instant, used_at: nullable(instant), expires_at: instant });

/** The manage link's token: the X-Manage-Token header (preferred), the body or the query string. */
const MANAGE_TOKEN = body({ token: str });
const MANAGE_QUERY = object({ token: str }, ['token']);
const MANAGE = { params: ID_PARAMS, querystring: MANAGE_QUERY, headers: object({ 'x-manage-token': str }, ['x-manage-token']) };

const CHECKOUT_START = object({ url: nullable(str), session_id: nullable(str) });

export const MONEY_ROUTES = {
  manageAccount: { ...MANAGE, response: { 200: ACCOUNT, ...ERRORS } },
  managePay: { ...MANAGE, body: MANAGE_TOKEN, response: { 200: CHECKOUT_START, ...ERRORS } },
  manageCancel: { ...MANAGE, body: body({ token: str, expected_refund: nullable(num) }), response: { 200: ACCOUNT, ...ERRORS } },
  manageTransfer: { ...MANAGE, body: body({ token: str, workshop_id: str }, ['workshop_id']), response: { 200: ACCOUNT, ...ERRORS } },
  manageCredits: {
    ...MANAGE,
    response: {
      200: object({
        credits: arrayOf(CREDIT),
        credit_choice: { ...object({ amount: num, online: num, refund_date: nullable(date) }), type: ['object', 'null'] },
      }),
      ...ERRORS,
    },
  },
  manageRefundNow: { ...MANAGE, body: MANAGE_TOKEN, response: { 200: ACCOUNT, ...ERRORS } },
  manageTakeCredit: { ...MANAGE, body: MANAGE_TOKEN, response: { 201: CREDIT, ...ERRORS } },
  adminAccount: { params: ID_PARAMS, response: { 200: ADMIN_ACCOUNT, ...ERRORS } },
  adminOverdue: { querystring: pagedQuery(), response: { 200: arrayOf(ADMIN_BOOKING), ...ERRORS } },
  adminRefund: { params: ID_PARAMS, body: body({ amount: num, note: str }, ['amount']), response: { 200: ADMIN_ACCOUNT, ...ERRORS } },
  adminRefundDone: { params: ID_PARAMS, response: { 200: ADMIN_ACCOUNT, ...ERRORS } },
  adminCancel: { params: ID_PARAMS, body: body({ apply_policy_fee: bool }), response: { 200: ADMIN_BOOKING, ...ERRORS } },
  goNoGo: {
    response: {
      200: arrayOf(
        object({
          workshop_id: str,
          workshop_name: str,
          dates: str,
          state: str,
          label: str,
          decision_date: date,
          days_to_decision: int,
          paid: int,
          held: int,
          minimum: int,
          missing: int,
        }),
      ),
      ...ERRORS,
    },
  },
  cancelWorkshop: {
    params: ID_PARAMS,
    body: body({ confirm_name: str }, ['confirm_name']),
    response: {
      200: object({ workshop: ADMIN_WORKSHOP, bookings_cancelled: int, online_refund: num, offline_refund: num, waitlist_closed: int }),
      ...ERRORS,
    },
  },
  // Without a provider the spec's answer is an object with no url.
  createCheckoutSession: {
    body: body({ booking_id: str, origin_url: str }, ['booking_id']),
    response: { 200: object({ url: str, session_id: str }, ['url', 'session_id']), ...ERRORS },
  },
  checkoutStatus: {
    params: object({ sessionId: str }),
    response: { 200: object({ payment_status: str, status: str, amount_total: nullable(int) }), ...ERRORS },
  },
  // Stripe's signed event, read as raw bytes (its own parser): described, never parsed by a schema.
  stripeWebhook: { response: { 200: object({ received: bool, duplicate: bool }), ...ERRORS } },
} as const;
