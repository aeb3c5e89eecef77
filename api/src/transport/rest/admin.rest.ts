import { Router } from 'express';
import type { Services } from '../../composition-root';
import { AppError, ErrorCode } from '../../infrastructure/errors';
import { clientKey } from '../../infrastructure/rate-limit';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { snakeBodyToCamel } from '../../infrastructure/case';
import type { Booking } from '../../booking/booking.entity';
import type { CommunityMessage } from '../../community/community-message.entity';
import { workshopJson } from './workshop.rest';
import { dollarsToCents } from '../../shared/money';
import { AdminLoginInput, CancelBookingInput, DeleteMessageInput, RecordPaymentInput, UpdateWorkshopPhotoInput } from '../../admin/admin.input';
import type { AdminStats } from '../../admin/admin.types';
import { INVALID_PASSWORD } from '../../admin/admin-auth.service';
import { refuseCrossSite, requireAdmin } from '../admin-guard';

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

/**
 * The spec's /api/admin/... calls. Writes (login included) must come from our
 * own pages (refuseCrossSite); login is open but throttled; everything else
 * passes the admin guard first.
 */
export function adminRoutes(services: Services): Router {
  const router = Router();
  // Before the guard, so a forged request never even counts as a failed attempt.
  router.use('/admin', refuseCrossSite(services));

  router.post('/admin/login', async (req, res) => {
    // A missing or non-object body is a missing password (422 naming it).
    const input = await validateInputOrThrow(AdminLoginInput, { password: snakeBodyToCamel(req.body).password });
    try {
      await services.adminAuth.loginOrThrow(input.password, clientKey(req));
    } catch (e) {
      if (e instanceof AppError && e.code === ErrorCode.UNAUTHENTICATED) {
        res.status(401).json({ success: false, detail: INVALID_PASSWORD });
        return;
      }
      throw e;
    }
    res.json({ success: true });
  });

  const admin = Router();
  admin.use(requireAdmin(services));
  admin.get('/stats', async (_req, res) => {
    res.json(adminStatsJson(await services.admin.stats()));
  });
  admin.get('/bookings', async (_req, res) => {
    res.json((await services.admin.listBookings()).map(adminBookingJson));
  });
  admin.get('/messages', async (_req, res) => {
    res.json((await services.admin.listMessages()).map(adminMessageJson));
  });
  admin.delete('/messages/:id', async (req, res) => {
    const input = await validateInputOrThrow(DeleteMessageInput, { id: req.params.id });
    await services.admin.deleteMessageOrThrow(input.id);
    res.json({ success: true, id: input.id });
  });
  admin.post('/bookings/:id/cancel', async (req, res) => {
    const input = await validateInputOrThrow(CancelBookingInput, { bookingId: req.params.id });
    res.json(adminBookingJson(await services.bookings.cancelOrThrow(input.bookingId)));
  });
  admin.post('/bookings/:id/payments', async (req, res) => {
    const input = await validateInputOrThrow(RecordPaymentInput, { bookingId: req.params.id, amount: snakeBodyToCamel(req.body).amount });
    res.json(adminBookingJson(await services.bookings.recordPaymentOrThrow(input.bookingId, dollarsToCents(input.amount))));
  });
  // The spec sends the address as a query parameter with an empty body.
  admin.put('/workshops/:id/photo', async (req, res) => {
    const input = await validateInputOrThrow(UpdateWorkshopPhotoInput, { workshopId: req.params.id, imageUrl: req.query.image_url });
    res.json(workshopJson(await services.admin.updateWorkshopPhotoOrThrow(input.workshopId, input.imageUrl)));
  });
  router.use('/admin', admin);
  return router;
}
