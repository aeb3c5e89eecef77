import type { FastifyPluginAsync } from 'fastify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { TestimonialService } from '../../testimonial/testimonial.service';
import type { ReviewService } from '../../testimonial/review.service';
import type { Testimonial } from '../../testimonial/testimonial.entity';
import type { ReviewInvitation } from '../../testimonial/review.objects';
import { AdminReviewsArgs, ReplyToReviewInput, ReviewIdInput, ReviewLinkInput, SubmitReviewInput } from '../../testimonial/review.input';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { refuseCrossSite, requireAdmin } from '../admin-guard';
import type { WriteLimit } from '../rate-limits';
import { parseRestInput } from './http';
import { REVIEW_ROUTES } from './schemas/review';

/** The spec's Testimonial (read) JSON, section 3, exactly (the spec's `GET /api/testimonials`). */
export function testimonialJson(t: Testimonial) {
  return {
    id: t.id,
    rating: t.rating,
    client_name: t.clientName,
    location: t.location,
    workshop_attended: t.workshopAttended,
    review_text: t.reviewText,
    date: t.date,
  };
}

/** A review with the fields issue 26 adds (a run's reviews, the admin's list). */
export function reviewJson(t: Testimonial) {
  return {
    ...testimonialJson(t),
    verified: t.verified,
    sample: t.sample,
    workshop_id: t.workshopId,
    trip_month: t.tripMonth,
    reply: t.reply,
    replied_at: t.repliedAt?.toISOString() ?? null,
  };
}

/** A review as the admin (and its writer, on submitting) sees it. */
export function adminReviewJson(t: Testimonial) {
  return {
    ...reviewJson(t),
    status: t.status,
    consent_to_publish: t.consentToPublish,
    booking_id: t.bookingId,
    created_at: t.createdAt?.toISOString() ?? null,
    published_at: t.publishedAt?.toISOString() ?? null,
  };
}

function invitationJson(i: ReviewInvitation) {
  return { workshop_name: i.workshopName, dates: i.dates, trip_month: i.tripMonth, name: i.name, location: i.location, already_written: i.alreadyWritten, expires_at: i.expiresAt.toISOString() };
}

type IdPath = { Params: { id: string } };

/** The public reviews and the review link's form (its token always in a body, never a URL we log). */
export function testimonialRoutes(testimonials: TestimonialService, reviews: ReviewService, secretCheck: WriteLimit): FastifyPluginAsync {
  return async (app) => {
    app.get('/testimonials', { schema: REVIEW_ROUTES.testimonials }, async () => (await testimonials.list()).map(testimonialJson));

    app.get<IdPath>('/workshops/:id/reviews', { schema: REVIEW_ROUTES.workshopReviews }, async (req) => (await testimonials.listForWorkshop(req.params.id)).map(reviewJson));

    app.post('/reviews/invitation', { schema: REVIEW_ROUTES.invitation }, async (req) => {
      const input = await parseRestInput(ReviewLinkInput, req);
      await secretCheck(req);
      return invitationJson(await reviews.invitationOrThrow(input.bookingId, input.token));
    });

    app.post('/reviews', { schema: REVIEW_ROUTES.submit }, async (req, reply) => {
      const input = await parseRestInput(SubmitReviewInput, req);
      await secretCheck(req);
      return reply.code(201).send(adminReviewJson(await reviews.submitOrThrow(input)));
    });
  };
}

export interface AdminReviewRouteDeps {
  adminAuth: AdminAuthService;
  reviews: ReviewService;
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

/** /api/admin/reviews: the admin's moderation (publish, hide, answer), behind the admin guards. */
export function adminReviewRoutes(deps: AdminReviewRouteDeps): FastifyPluginAsync {
  const { reviews } = deps;
  return async (app) => {
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));
    app.addHook('preHandler', requireAdmin(deps.adminAuth, { secureCookies: deps.secureCookies }));

    app.get('/', { schema: REVIEW_ROUTES.adminList }, async (req) => {
      const args = await validateInputOrThrow(AdminReviewsArgs, req.query as Record<string, unknown>, new Set(['status']));
      return (await reviews.adminList(args.status)).map(adminReviewJson);
    });

    app.post<IdPath>('/:id/publish', { schema: REVIEW_ROUTES.moderate }, async (req) => {
      const input = await validateInputOrThrow(ReviewIdInput, { id: req.params.id });
      return adminReviewJson(await reviews.publishOrThrow(input.id));
    });

    app.post<IdPath>('/:id/hide', { schema: REVIEW_ROUTES.moderate }, async (req) => {
      const input = await validateInputOrThrow(ReviewIdInput, { id: req.params.id });
      return adminReviewJson(await reviews.hideOrThrow(input.id));
    });

    app.post<IdPath>('/:id/reply', { schema: REVIEW_ROUTES.reply }, async (req) => adminReviewJson(await reviews.replyOrThrow(await parseRestInput(ReplyToReviewInput, req, { id: req.params.id }))));
  };
}
