import type { FastifyPluginAsync } from 'fastify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { AdminService } from '../../admin/admin.service';
import type { BookingService } from '../../booking/booking.service';
import type { BookingAccountService } from '../../payment/booking-account.service';
import { adminAccountRoutes } from './booking-account.rest';
import { AppError, ErrorCode } from '../../infrastructure/errors';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { snakeBodyToCamel } from '../../infrastructure/case';
import type { Booking } from '../../booking/booking.entity';
import type { CommunityMessage } from '../../community/community-message.entity';
import { workshopJson } from './workshop.rest';
import { dollarsToCents } from '../../shared/money';
import { AdminLoginInput, DeleteMessageInput, RecordPaymentInput, UpdateWorkshopPhotoInput } from '../../admin/admin.input';
import type { AdminStats } from '../../admin/admin.types';
import { INVALID_PASSWORD } from '../../admin/admin-auth.service';
import { adminClient, refuseCrossSite, rememberAdminDevice, requireAdmin } from '../admin-guard';

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

/** A booking as the admin sees it: every field of spec section 3, snake_case, amounts in dollars. */
export function adminBookingJson(b: Booking) {
  return {
    id: b.id,
    workshop_id: b.workshopId,
    workshop_name: b.workshopName,
    customer_name: b.customerName,
    customer_email: b.customerEmail,
    customer_phone: b.customerPhone,
    num_participants: b.numParticipants,
    room_type: b.roomType,
    num_spouses: b.numSpouses,
    payment_option: b.paymentOption,
    installments: b.installments,
    special_requests: b.specialRequests,
    age: b.age,
    experience_level: b.experienceLevel,
    camera_body: b.cameraBody,
    lenses: b.lenses,
    other_equipment: b.otherEquipment,
    health_concerns: b.healthConcerns,
    dietary_restrictions: b.dietaryRestrictions,
    trip_goals: b.tripGoals,
    emergency_contact_name: b.emergencyContactName,
    emergency_contact_phone: b.emergencyContactPhone,
    emergency_contact_email: b.emergencyContactEmail,
    total_amount: b.totalAmount,
    amount_due_now: b.amountDueNow,
    amount_paid: b.amountPaid,
    amount_refunded: b.amountRefunded,
    fees: b.fees,
    balance: b.balance,
    payment_status: b.paymentStatus,
    status: b.status,
    hold_expires_at: b.holdExpiresAt ? b.holdExpiresAt.toISOString() : null,
    created_at: b.createdAt.toISOString(),
  };
}

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
  accounts: BookingAccountService;
  admin: AdminService;
  bookings: BookingService;
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
  const { adminAuth, admin, bookings } = deps;
  return async (app) => {
    // Before the guard, so a forged request never even counts as a failed attempt.
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));

    app.post('/login', async (req, reply) => {
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
      await guarded.register(adminAccountRoutes(deps.accounts));
      guarded.get('/stats', async () => adminStatsJson(await admin.stats()));
      guarded.get('/bookings', async () => (await admin.listBookings()).map(adminBookingJson));
      guarded.get('/messages', async () => (await admin.listMessages()).map(adminMessageJson));
      guarded.delete<IdPath>('/messages/:id', async (req) => {
        const input = await validateInputOrThrow(DeleteMessageInput, { id: req.params.id });
        await admin.deleteMessageOrThrow(input.id);
        return { success: true, id: input.id };
      });
      guarded.post<IdPath>('/bookings/:id/payments', async (req) => {
        const input = await validateInputOrThrow(RecordPaymentInput, { bookingId: req.params.id, amount: snakeBodyToCamel(req.body).amount });
        return adminBookingJson(await bookings.recordPaymentOrThrow(input.bookingId, dollarsToCents(input.amount)));
      });
      // The spec sends the address as a query parameter with an empty body.
      guarded.put<IdPath & { Querystring: { image_url?: unknown } }>('/workshops/:id/photo', async (req) => {
        const input = await validateInputOrThrow(UpdateWorkshopPhotoInput, { workshopId: req.params.id, imageUrl: req.query.image_url });
        return workshopJson(await admin.updateWorkshopPhotoOrThrow(input.workshopId, input.imageUrl));
      });
    });
  };
}
