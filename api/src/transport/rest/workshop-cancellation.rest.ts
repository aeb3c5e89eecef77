import type { FastifyPluginAsync } from 'fastify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { BookingAccountService } from '../../money/booking-account.service';
import { ManageBookingInput } from '../../money/booking-account.types';
import type { CreditChoice, CreditsService } from '../../credit/credits.service';
import type { Credit } from '../../credit/credit.entity';
import type { WorkshopCancellationService, WorkshopGoNoGo } from '../../workshop-cancellation/workshop-cancellation.service';
import { CancelWorkshopInput } from '../../workshop-cancellation/workshop-cancellation.types';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { snakeBodyToCamel } from '../../infrastructure/case';
import { centsToDollars } from '../../shared/money';
import { refuseCrossSite, requireAdmin } from '../admin-guard';
import type { WriteLimit } from '../rate-limits';
import type { WorkshopCalendar } from './workshop.rest';
import { adminWorkshopJson } from './admin-workshop.rest';
import { bookingAccountJson } from './booking-account.rest';
import { MONEY_ROUTES } from './schemas/money';
import { type IdPath, manageLinkCheck } from './manage-link';

const goNoGoJson = (g: WorkshopGoNoGo) => ({
  workshop_id: g.workshop.id,
  workshop_name: g.workshop.name,
  dates: g.workshop.dates,
  state: g.state,
  label: g.label,
  decision_date: g.decisionDate,
  days_to_decision: g.daysToDecision,
  paid: g.paid,
  held: g.held,
  minimum: g.minimum,
  missing: g.missing,
});

const creditChoiceJson = (c: CreditChoice) => ({ amount: centsToDollars(c.amountCents), online: centsToDollars(c.onlineCents), refund_date: c.refundDate });

const creditJson = (c: Credit) => ({ code: c.code, amount: c.amount, balance: c.balance, state: c.state, used: c.used, issued_at: c.issuedAt.toISOString(), used_at: c.usedAt?.toISOString() ?? null, expires_at: c.expiresAt.toISOString() });

export interface WorkshopCancellationRouteDeps {
  adminAuth: AdminAuthService;
  cancellation: WorkshopCancellationService;
  calendar: WorkshopCalendar;
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

/** /api/admin/go-no-go and /api/admin/workshops/{id}/cancel (docs/decisions/063), behind the admin guards. */
export function adminWorkshopCancellationRoutes(deps: WorkshopCancellationRouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));
    app.addHook('preHandler', requireAdmin(deps.adminAuth, { secureCookies: deps.secureCookies }));
    app.get('/go-no-go', { schema: MONEY_ROUTES.goNoGo }, async () => (await deps.cancellation.goNoGoList()).map(goNoGoJson));
    app.post<IdPath>('/workshops/:id/cancel', { schema: MONEY_ROUTES.cancelWorkshop }, async (req) => {
      const body = snakeBodyToCamel(req.body);
      const input = await validateInputOrThrow(CancelWorkshopInput, { workshopId: req.params.id, confirmName: body.confirmName });
      const r = await deps.cancellation.cancelOrThrow(input.workshopId, input.confirmName);
      return {
        workshop: adminWorkshopJson(r.workshop, deps.calendar),
        bookings_cancelled: r.bookingsCancelled,
        online_refund: centsToDollars(r.onlineRefundCents),
        offline_refund: centsToDollars(r.offlineRefundCents),
        waitlist_closed: r.waitlistClosed,
      };
    });
  };
}

/** The manage link's credit calls under /api/manage/{id} (docs/decisions/063): the link checked, the write limit, one use case, the JSON. */
export function manageCreditRoutes(
  accounts: Pick<BookingAccountService, 'authorizeOrThrow'>,
  credits: CreditsService,
  calendar: WorkshopCalendar,
  limit: WriteLimit,
  secretCheck: WriteLimit,
): FastifyPluginAsync {
  return async (app) => {
    const authorize = manageLinkCheck(accounts, secretCheck);
    app.get<IdPath>('/manage/:id/credits', { schema: MONEY_ROUTES.manageCredits }, async (req) => {
      const { booking } = await authorize(req, ManageBookingInput);
      const { credits: list, choice } = await credits.creditsAndChoiceOf(booking.id);
      return { credits: list.map(creditJson), credit_choice: choice && creditChoiceJson(choice) };
    });
    app.post<IdPath>('/manage/:id/refund-now', { schema: MONEY_ROUTES.manageRefundNow }, async (req) => {
      const { booking } = await authorize(req, ManageBookingInput);
      await limit(req);
      return bookingAccountJson(await credits.refundNowOrThrow(booking.id), calendar);
    });
    app.post<IdPath>('/manage/:id/take-credit', { schema: MONEY_ROUTES.manageTakeCredit }, async (req, reply) => {
      const { booking } = await authorize(req, ManageBookingInput);
      await limit(req);
      const { credit } = await credits.chooseCreditOrThrow(booking.id);
      return reply.code(201).send(creditJson(credit));
    });
  };
}
