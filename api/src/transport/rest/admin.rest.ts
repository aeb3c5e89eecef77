import type { FastifyPluginAsync } from 'fastify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { AdminService } from '../../admin/admin.service';
import type { AdminStatsService } from '../../admin/admin-stats.service';
import { bookingOrder, type AdminListsService } from '../../admin/admin-lists.service';
import { AdminBookingsArgs, AdminMessagesArgs } from '../../admin/admin-lists.input';
import type { WaitlistAdminList } from '../../waitlist/waitlist-admin-list';
import { AdminWaitlistArgs } from '../../waitlist/waitlist-admin-list';
import { listQueryOrThrow, nextPageHeaders, PAGE_PARAMS, sendJsonArray } from './admin-lists';
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

export { adminBookingJson, adminBookingRowJson } from './booking-json';
import { adminBookingJson, adminBookingRowJson } from './booking-json';

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

/**
 * adminMessageJson written straight from the export's raw row (AdminListsService.messageRowsOrThrow:
 * `m_<column>`, the workshop's name `w_name`), without making the entity (decision 110).
 */
export function adminMessageRowJson(r: Record<string, unknown>, iso: (value: unknown) => string | null) {
  return {
    id: r.m_id as string,
    workshop_id: r.m_workshop_id as string,
    // The workshop's name, '' without one (as the entity's joined workshop).
    workshop_name: (r.w_name as string | null) ?? '',
    author_name: r.m_author_name as string,
    author_email: r.m_author_email as string,
    message: r.m_message as string,
    topic: r.m_topic as string,
    created_at: iso(r.m_created_at),
  };
}

export interface AdminRouteDeps {
  adminAuth: AdminAuthService;
  /** The money calls (refunds, cancel with refund, the account view): booking-account.rest.ts. */
  money: MoneyDomain;
  admin: AdminService;
  adminStats: AdminStatsService;
  /** The lists: bookings and messages streamed whole or paged (docs/decisions/075). */
  adminLists: AdminListsService;
  bookings: BookingService;
  waitlist: WaitlistService;
  waitlistAdmin: WaitlistAdminList;
  /** The calendar facts of the workshop JSON (has_started, board_open). */
  workshops: WorkshopCalendar;
  /** PUBLIC_ORIGIN: the one other origin admin writes may come from. */
  publicOrigin: string | undefined;
  /** The known-device cookie is Secure (the site is served over https). */
  secureCookies: boolean;
}

type IdPath = { Params: { id: string } };

/** The query parameters of GET /api/admin/bookings (schemas/admin.ts documents them). */
const BOOKING_PARAMS = {
  ...PAGE_PARAMS,
  text: ['text', 'text'],
  workshop_id: ['workshopId', 'text'],
  status: ['status', 'text'],
  payment_status: ['paymentStatus', 'text'],
  from: ['from', 'date'],
  to: ['to', 'date'],
  sort_by: ['sortBy', 'text'],
  direction: ['direction', 'text'],
} as const;

/** The query parameters of GET /api/admin/messages. */
const MESSAGE_PARAMS = { ...PAGE_PARAMS, workshop_id: ['workshopId', 'text'], topic: ['topic', 'text'], from: ['from', 'date'], to: ['to', 'date'], direction: ['direction', 'text'] } as const;

/** The query parameters of GET /api/admin/workshops/{id}/waitlist. */
const WAITLIST_PARAMS = { ...PAGE_PARAMS, state: ['state', 'text'] } as const;

/**
 * The spec's /api/admin/... calls. Writes (login included) must come from our
 * own pages (refuseCrossSite); login is open but throttled; everything else
 * passes the admin guard first.
 */
export function adminRoutes(deps: AdminRouteDeps): FastifyPluginAsync {
  const { adminAuth, admin, adminLists, bookings, waitlist } = deps;
  return async (app) => {
    // Before the guard, so a forged request never even counts as a failed attempt.
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));

    app.post('/login', { schema: ADMIN_ROUTES.login }, async (req, reply) => {
      // A missing or non-object body is a missing password (422 naming it).
      const input = await validateInputOrThrow(AdminLoginInput, { password: snakeBodyToCamel(req.body).password });
      try {
        const { deviceToken, secondFactorMethods } = await adminAuth.loginOrThrow(input.password, adminClient(req));
        rememberAdminDevice(req, reply, deviceToken, deps.secureCookies);
        // The spec's answer as before; once a second factor is enrolled it also says the sign-in continues at
        // /api/admin/second-factor/* (docs/decisions/092).
        if (secondFactorMethods.length === 0) return { success: true };
        return { success: true, second_factor_required: true, second_factor_methods: secondFactorMethods };
      } catch (e) {
        if (e instanceof AppError && e.code === ErrorCode.UNAUTHENTICATED) return reply.code(401).send({ success: false, detail: INVALID_PASSWORD });
        throw e;
      }
    });

    await app.register(async (guarded) => {
      guarded.addHook('preHandler', requireAdmin(adminAuth, { secureCookies: deps.secureCookies }));
      await guarded.register(adminAccountRoutes(deps.money, deps.workshops));
      guarded.get('/stats', { schema: ADMIN_ROUTES.stats }, async () => adminStatsJson(await deps.adminStats.stats()));
      // The spec's arrays: every row by default, streamed; with `limit`, one page (docs/decisions/075).
      guarded.get('/bookings', { schema: ADMIN_ROUTES.bookings }, async (req, reply) => {
        const { args, paged } = await listQueryOrThrow(AdminBookingsArgs, req.query, BOOKING_PARAMS, (a) => bookingOrder(a.sortBy, a.direction));
        if (paged) {
          const page = await adminLists.bookingPageOrThrow(args);
          nextPageHeaders(req, reply, page.nextCursor);
          return page.items.map(adminBookingJson);
        }
        const { limit: _limit, cursor, ...filtersAndSort } = args;
        // Each row's JSON straight from its raw row (decision 110): the bytes of adminBookingJson's.
        const { batches, iso } = adminLists.bookingRowsOrThrow(filtersAndSort, cursor);
        return sendJsonArray(reply, batches, (row) => adminBookingRowJson(row, iso), (err) => req.log.error({ err }, 'admin bookings list failed midway'));
      });
      guarded.get('/messages', { schema: ADMIN_ROUTES.messages }, async (req, reply) => {
        const { args, paged } = await listQueryOrThrow(AdminMessagesArgs, req.query, MESSAGE_PARAMS);
        if (paged) {
          const page = await adminLists.messagePageOrThrow(args);
          nextPageHeaders(req, reply, page.nextCursor);
          return page.items.map(adminMessageJson);
        }
        const { limit: _limit, cursor, ...filtersAndDirection } = args;
        const { batches, iso } = adminLists.messageRowsOrThrow(filtersAndDirection, cursor);
        return sendJsonArray(reply, batches, (row) => adminMessageRowJson(row, iso), (err) => req.log.error({ err }, 'admin messages list failed midway'));
      });
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
      guarded.get<IdPath>('/workshops/:id/waitlist', { schema: ADMIN_ROUTES.workshopWaitlist }, async (req, reply) => {
        const { args, paged } = await listQueryOrThrow(AdminWaitlistArgs, { ...(req.query as object), workshop_id: req.params.id }, { ...WAITLIST_PARAMS, workshop_id: ['workshopId', 'text'] });
        if (paged) {
          const page = await deps.waitlistAdmin.pageOrThrow(args);
          nextPageHeaders(req, reply, page.nextCursor);
          return page.items.map(adminWaitlistEntryJson);
        }
        const batches = deps.waitlistAdmin.batchesOrThrow(args.workshopId, args.state ?? null, args.cursor ?? null);
        return sendJsonArray(reply, batches, adminWaitlistEntryJson, (err) => req.log.error({ err }, 'admin waiting list failed midway'));
      });
      guarded.delete<IdPath>('/waitlist/:id', { schema: ADMIN_ROUTES.removeWaitlistEntry }, async (req) => {
        const input = await validateInputOrThrow(RemoveWaitlistEntryInput, { entryId: req.params.id });
        return adminWaitlistEntryJson(await waitlist.removeOrThrow(input.entryId));
      });
    });
  };
}
