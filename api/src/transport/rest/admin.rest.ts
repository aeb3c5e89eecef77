import type { FastifyPluginAsync } from 'fastify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { AdminService } from '../../admin/admin.service';
import type { AdminStatsService } from '../../admin/admin-stats.service';
import type { BookingService } from '../../booking/booking.service';
import type { MoneyDomain } from '../../money';
import { adminAccountRoutes } from './booking-account.rest';
import type { WaitlistService } from '../../waitlist/waitlist.service';
import { RemoveWaitlistEntryInput } from '../../waitlist/waitlist.input';
import { adminWaitlistEntryJson } from './waitlist.rest';
import { AppError, ErrorCode } from '../../infrastructure/errors';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { snakeBodyToCamel } from '../../infrastructure/case';
import type { CommunityMessage } from '../../community/community-message.entity';
import { type WorkshopCalendar, workshopJson } from './workshop.rest';
import { dollarsToCents } from '../../shared/money';
import { AdminLoginInput, DeleteMessageInput, RecordPaymentInput, UpdateWorkshopPhotoInput } from '../../admin/admin.input';
import type { AdminStats } from '../../admin/admin.types';
import { INVALID_PASSWORD } from '../../admin/admin-auth.service';
import { adminClient, refuseCrossSite, rememberAdminDevice, requireAdmin } from '../admin-guard';
import { ADMIN_ROUTES } from './schemas/admin';

/** GET /api/admin/stats: the spec's four totals plus the per-workshop figures of the dashboard chart. */
export function adminStatsJson(s: AdminStats) {
  return {
    total_workshops: s.totalWorkshops,
    total_bookings: s.totalBookings,
    total_revenue: s.totalRevenue,
    total_messages: s.totalMessages,
    workshops: s.workshops.map((w) => ({
      id: w.id,
      name: w.name,
      start_date: w.startDate,
      capacity: w.capacity,
      minimum_participants: w.minimumParticipants,
      spots_sold: w.spotsSold,
      spots_held: w.spotsHeld,
      reached_minimum: w.reachedMinimum,
      bookings: w.bookings,
      revenue: w.revenue,
    })),
    unmatched_payments: s.unmatchedPayments.map((p) => ({
      session_id: p.sessionId,
      booking_id: p.bookingIdClaimed,
      amount: p.amount,
      currency: p.currency,
      reason: p.reason,
      received_at: p.receivedAt.toISOString(),
    })),
  };
}

export { adminBookingJson } from './booking-json';
import { adminBookingJson } from './booking-json';

/** A community message in the admin view: with workshop_name and the author's email. */
export function adminMessageJson(m: CommunityMessage) {
  return {
    id: m.id,
    workshop_id: m.workshopId,
    workshop_name: m.workshop?.name ?? '',
    author_name: m.authorName,
    author_email: m.authorEmail,
    message: m.message,
    topic: m.topic,
    created_at: m.createdAt.toISOString(),
  };
}

export interface AdminRouteDeps {
  adminAuth: AdminAuthService;
  /** The money calls (refunds, cancel with refund, the account view): booking-account.rest.ts. */
  money: MoneyDomain;
  admin: AdminService;
  adminStats: AdminStatsService;
  bookings: BookingService;
  waitlist: WaitlistService;
  /** The calendar facts of the workshop JSON (has_started, board_open). */
  workshops: WorkshopCalendar;
  /** PUBLIC_ORIGIN: the one other origin admin writes may come from. */
  publicOrigin: string | undefined;
  /** The known-device cookie is Secure (the site is served over https). */
  secureCookies: boolean;
}

type IdPath = { Params: { id: string } };

/**
 * The spec's /api/admin/... calls. Writes (login included) must come from our
 * own pages (refuseCrossSite); login is open but throttled; everything else
 * passes the admin guard first.
 */
export function adminRoutes(deps: AdminRouteDeps): FastifyPluginAsync {
  const { adminAuth, admin, bookings, waitlist } = deps;
  return async (app) => {
    // Before the guard, so a forged request never even counts as a failed attempt.
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));

    app.post('/login', { schema: ADMIN_ROUTES.login }, async (req, reply) => {
      // A missing or non-object body is a missing password (422 naming it).
      const input = await validateInputOrThrow(AdminLoginInput, { password: snakeBodyToCamel(req.body).password });
      try {
        const { deviceToken } = await adminAuth.loginOrThrow(input.password, adminClient(req));
        rememberAdminDevice(req, reply, deviceToken, deps.secureCookies);
      } catch (e) {
        if (e instanceof AppError && e.code === ErrorCode.UNAUTHENTICATED) return reply.code(401).send({ success: false, detail: INVALID_PASSWORD });
        throw e;
      }
      return { success: true };
    });

    await app.register(async (guarded) => {
      guarded.addHook('preHandler', requireAdmin(adminAuth, { secureCookies: deps.secureCookies }));
      await guarded.register(adminAccountRoutes(deps.money, deps.workshops));
      guarded.get('/stats', { schema: ADMIN_ROUTES.stats }, async () => adminStatsJson(await deps.adminStats.stats()));
      guarded.get('/bookings', { schema: ADMIN_ROUTES.bookings }, async () => (await admin.listBookings()).map(adminBookingJson));
      guarded.get('/messages', { schema: ADMIN_ROUTES.messages }, async () => (await admin.listMessages()).map(adminMessageJson));
      guarded.delete<IdPath>('/messages/:id', { schema: ADMIN_ROUTES.deleteMessage }, async (req) => {
        const input = await validateInputOrThrow(DeleteMessageInput, { id: req.params.id });
        await admin.deleteMessageOrThrow(input.id);
        return { success: true, id: input.id };
      });
      guarded.post<IdPath>('/bookings/:id/payments', { schema: ADMIN_ROUTES.recordPayment }, async (req) => {
        const input = await validateInputOrThrow(RecordPaymentInput, { bookingId: req.params.id, amount: snakeBodyToCamel(req.body).amount });
        return adminBookingJson(await bookings.recordPaymentOrThrow(input.bookingId, dollarsToCents(input.amount)));
      });
      // The spec sends the address as a query parameter with an empty body.
      guarded.put<IdPath & { Querystring: { image_url?: unknown } }>('/workshops/:id/photo', { schema: ADMIN_ROUTES.workshopPhoto }, async (req) => {
        const input = await validateInputOrThrow(UpdateWorkshopPhotoInput, { workshopId: req.params.id, imageUrl: req.query.image_url });
        return workshopJson(await admin.updateWorkshopPhotoOrThrow(input.workshopId, input.imageUrl), deps.workshops);
      });
      // The waiting list of a workshop with the offers made (docs/decisions/061).
      guarded.get<IdPath>('/workshops/:id/waitlist', { schema: ADMIN_ROUTES.workshopWaitlist }, async (req) => (await waitlist.listForWorkshopOrThrow(req.params.id)).map(adminWaitlistEntryJson));
      guarded.delete<IdPath>('/waitlist/:id', { schema: ADMIN_ROUTES.removeWaitlistEntry }, async (req) => {
        const input = await validateInputOrThrow(RemoveWaitlistEntryInput, { entryId: req.params.id });
        return adminWaitlistEntryJson(await waitlist.removeOrThrow(input.entryId));
      });
    });
  };
}
