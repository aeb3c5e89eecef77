import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { BookingAccountService } from '../../money/booking-account.service';
import { ManageBookingInput } from '../../money/booking-account.types';
import type { CreditsService } from '../../credit/credits.service';
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

const creditJson = (c: Credit) => ({ code: c.code, amount: c.amount, state: c.state, used: c.used, issued_at: c.issuedAt.toISOString(), used_at: c.usedAt?.toISOString() ?? null });

export interface WorkshopCancellationRouteDeps {
  adminAuth: AdminAuthService;
  cancellation: WorkshopCancellationService;
  calendar: WorkshopCalendar;
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

type IdPath = { Params: { id: string } };

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

function tokenOf(req: FastifyRequest): unknown {
  const header = req.headers['x-manage-token'];
  if (typeof header === 'string') return header;
  const body = snakeBodyToCamel(req.body);
  if (body.token !== undefined) return body.token;
  return (req.query as Record<string, unknown> | undefined)?.token;
}

/** The manage link's credit calls under /api/manage/{id} (docs/decisions/063). */
export function manageCreditRoutes(
  accounts: BookingAccountService,
  credits: CreditsService,
  calendar: WorkshopCalendar,
  limit: WriteLimit,
  secretCheck: WriteLimit,
): FastifyPluginAsync {
  return async (app) => {
    const authorize = async (req: FastifyRequest<IdPath>) => {
      const input = await validateInputOrThrow(ManageBookingInput, { bookingId: req.params.id, token: tokenOf(req) });
      await secretCheck(req);
      return accounts.authorizeOrThrow(input.bookingId, input.token);
    };
    app.get<IdPath>('/manage/:id/credits', { schema: MONEY_ROUTES.manageCredits }, async (req) => {
      const booking = await authorize(req);
      const [list, choice] = await Promise.all([credits.creditsOf(booking.id), credits.choiceOf(booking.id)]);
      return {
        credits: list.map(creditJson),
        credit_choice: choice && { amount: centsToDollars(choice.amountCents), online: centsToDollars(choice.onlineCents), refund_date: choice.refundDate },
      };
    });
    app.post<IdPath>('/manage/:id/refund-now', { schema: MONEY_ROUTES.manageRefundNow }, async (req) => {
      const booking = await authorize(req);
      await limit(req);
      return bookingAccountJson(await accounts.account(await credits.refundNowOrThrow(booking.id)), calendar);
    });
    app.post<IdPath>('/manage/:id/take-credit', { schema: MONEY_ROUTES.manageTakeCredit }, async (req, reply) => {
      const booking = await authorize(req);
      await limit(req);
      const credit = await credits.chooseCreditOrThrow(booking.id);
      return reply.code(201).send(creditJson(credit));
    });
  };
}
