import type { FastifyPluginAsync } from 'fastify';
import type { MoneyDomain } from '../../money';
import type { BookingAccount } from '../../money/booking-account.types';
import { AdminCancelInput, AdminRefundDoneInput, AdminRefundInput, CancelMyBookingInput, ManageBookingInput, TransferMyBookingInput } from '../../money/booking-account.types';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { snakeBodyToCamel } from '../../infrastructure/case';
import { dollarsToCents } from '../../shared/money';
import type { WriteLimit } from '../rate-limits';
import { workshopJson } from './workshop.rest';
import type { WorkshopCalendar } from './workshop.rest';
import { adminBookingJson } from './booking-json';
import { bookingJson } from './booking.rest';
import { MONEY_ROUTES } from './schemas/money';
import { type IdPath, manageLinkCheck } from './manage-link';
import { OverdueArgs } from '../../money/overdue';
import { listQueryOrThrow, nextPageHeaders, PAGE_PARAMS, sendJsonArray } from './admin-lists';

/** GET /api/manage/{id} and the admin's /api/admin/bookings/{id}/account: snake_case, dollars. */
export function bookingAccountJson(a: BookingAccount, calendar: WorkshopCalendar, admin = false) {
  return {
    booking: admin ? adminBookingJson(a.booking) : bookingJson(a.booking),
    workshop: workshopJson(a.workshop, calendar),
    payments: a.payments.map((p) => ({
      id: p.id,
      amount: p.amount,
      method: p.method,
      purpose: p.purpose,
      installment_number: p.installmentNumber,
      provider_payment_id: p.providerPaymentId,
      refunded: p.refunded,
      note: p.note,
      received_at: p.receivedAt.toISOString(),
    })),
    refunds: a.refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      method: r.method,
      state: r.state,
      reason: r.reason,
      provider_refund_id: r.providerRefundId,
      note: r.note,
      last_error: r.lastError,
      created_at: r.createdAt.toISOString(),
      completed_at: r.completedAt?.toISOString() ?? null,
    })),
    schedule: a.schedule.map((i) => ({
      number: i.number,
      due_date: i.dueDate,
      amount: i.amount,
      state: i.state,
      failed_attempts: i.failedAttempts,
      last_error: i.lastError,
      paid_at: i.paidAt?.toISOString() ?? null,
    })),
    balance: a.balance,
    balance_due_date: a.balanceDueDate,
    next_payment: a.nextPayment && {
      label: a.nextPayment.label,
      amount: a.nextPayment.amount,
      due_date: a.nextPayment.dueDate,
      overdue: a.nextPayment.overdue,
      can_pay_now: a.nextPayment.canPayNow,
    },
    cancellation: a.cancellation && {
      days_before_start: a.cancellation.daysBeforeStart,
      refund_percent: a.cancellation.refundPercent,
      fee: a.cancellation.fee,
      paid: a.cancellation.paid,
      refund: a.cancellation.refund,
      kept: a.cancellation.kept,
      explanation: a.cancellation.explanation,
    },
    transfer: {
      allowed: a.transfer.allowed,
      fee: a.transfer.fee,
      reason: a.transfer.reason,
      options: a.transfer.options.map((o) => ({
        workshop_id: o.workshop.id,
        workshop_name: o.workshop.name,
        dates: o.workshop.dates,
        new_total: o.newTotal,
        fee: o.fee,
        difference: o.difference,
        refund_now: o.refundNow,
        kept: o.kept,
        balance_after: o.balanceAfter,
        balance_due_date: o.balanceDueDate,
        cancel_refund_after: o.cancelRefundAfter,
        terms: o.terms,
      })),
    },
    refunds_owed: a.refundsOwed,
  };
}

/** The customer's manage calls under /api/manage/{id}: the link checked, the write limit, one use case, the JSON. */
export function manageRoutes({ accounts, cancellations, transfers }: Pick<MoneyDomain, 'accounts' | 'cancellations' | 'transfers'>, calendar: WorkshopCalendar, limit: WriteLimit, secretCheck: WriteLimit): FastifyPluginAsync {
  return async (app) => {
    const authorize = manageLinkCheck(accounts, secretCheck);
    app.get<IdPath>('/manage/:id', { schema: MONEY_ROUTES.manageAccount }, async (req) => {
      const { booking } = await authorize(req, ManageBookingInput);
      return bookingAccountJson(await accounts.account(booking), calendar);
    });
    app.post<IdPath>('/manage/:id/pay', { schema: MONEY_ROUTES.managePay }, async (req) => {
      const { booking } = await authorize(req, ManageBookingInput);
      await limit(req);
      const start = await accounts.payNowOrThrow(booking.id);
      return { url: start.url, session_id: start.sessionId };
    });
    app.post<IdPath>('/manage/:id/cancel', { schema: MONEY_ROUTES.manageCancel }, async (req) => {
      const { booking, input } = await authorize(req, CancelMyBookingInput, { expectedRefund: snakeBodyToCamel(req.body).expectedRefund });
      await limit(req);
      return bookingAccountJson(await cancellations.cancelByCustomerOrThrow(booking.id, input.expectedRefund), calendar);
    });
    app.post<IdPath>('/manage/:id/transfer', { schema: MONEY_ROUTES.manageTransfer }, async (req) => {
      const { booking, input } = await authorize(req, TransferMyBookingInput, { workshopId: snakeBodyToCamel(req.body).workshopId });
      await limit(req);
      return bookingAccountJson(await transfers.transferByCustomerOrThrow(booking.id, input.workshopId), calendar);
    });
  };
}

/** The admin's money calls, registered inside the admin guard (admin.rest.ts). */
export function adminAccountRoutes({ accounts, cancellations, admin }: Pick<MoneyDomain, 'accounts' | 'cancellations' | 'admin'>, calendar: WorkshopCalendar): FastifyPluginAsync {
  return async (guarded) => {
    guarded.get<IdPath>('/bookings/:id/account', { schema: MONEY_ROUTES.adminAccount }, async (req) => bookingAccountJson(await accounts.accountOrThrow(req.params.id), calendar, true));
    // Every overdue booking, streamed; with `limit`, one page (docs/decisions/075).
    guarded.get('/overdue', { schema: MONEY_ROUTES.adminOverdue }, async (req, reply) => {
      const { args, paged } = await listQueryOrThrow(OverdueArgs, req.query, PAGE_PARAMS);
      if (paged) {
        const page = await admin.overduePageOrThrow(args);
        nextPageHeaders(req, reply, page.nextCursor);
        return page.items.map(adminBookingJson);
      }
      return sendJsonArray(reply, admin.overdueBatches(), adminBookingJson, (err) => req.log.error({ err }, 'overdue list failed midway'));
    });
    guarded.post<IdPath>('/bookings/:id/refunds', { schema: MONEY_ROUTES.adminRefund }, async (req) => {
      const body = snakeBodyToCamel(req.body);
      const input = await validateInputOrThrow(AdminRefundInput, { bookingId: req.params.id, amount: body.amount, note: body.note });
      return bookingAccountJson(await admin.refundOrThrow(input.bookingId, dollarsToCents(input.amount), input.note), calendar, true);
    });
    guarded.post<IdPath>('/refunds/:id/done', { schema: MONEY_ROUTES.adminRefundDone }, async (req) => {
      const input = await validateInputOrThrow(AdminRefundDoneInput, { refundId: req.params.id });
      return bookingAccountJson(await admin.markRefundDoneOrThrow(input.refundId), calendar, true);
    });
    guarded.post<IdPath>('/bookings/:id/cancel', { schema: MONEY_ROUTES.adminCancel }, async (req) => {
      const body = snakeBodyToCamel(req.body);
      const input = await validateInputOrThrow(AdminCancelInput, { bookingId: req.params.id, applyPolicyFee: body.applyPolicyFee ?? false });
      return adminBookingJson(await cancellations.cancelOrThrow(input.bookingId, 'admin', { applyPolicyFee: input.applyPolicyFee }));
    });
  };
}
