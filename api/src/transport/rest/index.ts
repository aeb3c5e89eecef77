import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Services } from '../../composition-root';
import { AppError } from '../../infrastructure/errors';
import { altchaRoutes } from './altcha.rest';
import { bookingRoutes } from './booking.rest';
import { communityRoutes } from './community.rest';
import { adminRoutes } from './admin.rest';
import { manageRoutes } from './booking-account.rest';
import { activityRoutes } from './activity.rest';
import { ownerNumbersRoutes } from './owner-numbers.rest';
import { secondFactorRoutes } from './second-factor.rest';
import { adminWorkshopRoutes } from './admin-workshop.rest';
import { adminPhotoRoutes } from './admin-photo.rest';
import { adminWorkshopCancellationRoutes, manageCreditRoutes } from './workshop-cancellation.rest';
import { healthRoutes } from './health.rest';
import { adminGiftCardRoutes, giftCardRoutes } from './gift-card.rest';
import { checkoutRoutes, webhookRoutes } from './payment.rest';
import { adminReviewRoutes, testimonialRoutes } from './testimonial.rest';
import { workshopRoutes } from './workshop.rest';
import { waitlistRoutes } from './waitlist.rest';
import { adminPromoRoutes, promoQuoteRoutes } from './promo.rest';
import { recoveryRoutes } from './recovery.rest';
import { adminTravellerRoutes, travellerRoutes } from './traveller.rest';
import { adminDepartureRoutes, manageDepartureRoutes } from './departure.rest';
import { privacyRoutes } from './privacy.rest';
import { jsonBodies, restErrorHandler } from './http';
import { answersAsWritten, checkAnswersMatchSchemas, schemasDescribeRequests } from './contract';
import type { WriteLimits } from '../rate-limits';
import { servedOverHttps } from '../admin-guard';

/** Body size cap of the REST shims: a booking is about 3 KB at most. */
export const REST_BODY_LIMIT = 64 * 1024;

/**
 * The REST shims of the spec's `/api/...` calls, registered with prefix /api.
 * Each route plugin is a thin adapter that receives only the service(s) it
 * calls: parse, call one service method, map to the spec's JSON.
 */
export function restApi(services: Services, limits: WriteLimits): FastifyPluginAsync {
  return async (api) => {
    api.setErrorHandler(restErrorHandler(services.logger));
    schemasDescribeRequests(api);
    if (services.config.env === 'test') checkAnswersMatchSchemas(api);
    api.setNotFoundHandler(() => {
      throw new AppError(AppError.notFound('Endpoint').code, 'No such API endpoint');
    });
    await api.register(webhookRoutes(services.payments)); // its own raw-body parser
    await api.register(async (json) => {
      jsonBodies(json);
      // The board's list keeps its compiled serializer: its schema is the fast path of the busiest read.
      await json.register(communityRoutes(services.community, limits.messagePost));
      await json.register(async (written) => {
        if (services.config.env !== 'test') answersAsWritten(written);
        await registerRoutesWrittenAsIs(written, services, limits);
      });
    });
  };
}

/** Every other route (answers written by JSON.stringify outside tests: answersAsWritten). */
async function registerRoutesWrittenAsIs(json: FastifyInstance, services: Services, limits: WriteLimits): Promise<void> {
  await json.register(healthRoutes(services.db));
  await json.register(workshopRoutes(services.workshops));
  await json.register(testimonialRoutes(services.testimonials, services.reviews, limits.secretCheck));
  await json.register(bookingRoutes(services.bookings, limits.booking, limits.secretCheck));
  await json.register(altchaRoutes(services.proofOfWork));
  await json.register(checkoutRoutes(services.payments, limits.checkout));
  await json.register(manageRoutes(services.money, services.workshops, limits.checkout, limits.secretCheck));
  await json.register(manageCreditRoutes(services.accounts, services.credits, services.workshops, limits.checkout, limits.secretCheck));
  await json.register(waitlistRoutes(services.waitlist, limits.waitlistJoin));
  await json.register(promoQuoteRoutes(services.promos, limits.secretCheck));
  await json.register(giftCardRoutes(services.giftCards, services.accounts, limits.checkout, limits.secretCheck));
  await json.register(
    adminGiftCardRoutes({ adminAuth: services.adminAuth, giftCards: services.giftCards, publicOrigin: services.config.publicOrigin, secureCookies: servedOverHttps(services.config) }),
    { prefix: '/admin' },
  );
  await json.register(recoveryRoutes(services.checkoutRecovery, limits.secretCheck, limits.booking));
  await json.register(travellerRoutes(services.travellerTasks, limits.secretCheck));
  await json.register(
    adminTravellerRoutes({ adminAuth: services.adminAuth, tasks: services.travellerTasks, publicOrigin: services.config.publicOrigin, secureCookies: servedOverHttps(services.config) }),
    { prefix: '/admin' },
  );
  await json.register(manageDepartureRoutes(services.accounts, services.travellerTasks, services.departures, limits.secretCheck));
  await json.register(
    adminRoutes({
      adminAuth: services.adminAuth,
      money: services.money,
      admin: services.admin,
      adminStats: services.adminStats,
      adminLists: services.adminLists,
      bookings: services.bookings,
      waitlist: services.waitlist,
      waitlistAdmin: services.waitlistAdmin,
      workshops: services.workshops,
      publicOrigin: services.config.publicOrigin,
      secureCookies: servedOverHttps(services.config),
    }),
    { prefix: '/admin' },
  );
  await json.register(
    secondFactorRoutes({ adminAuth: services.adminAuth, secondFactor: services.secondFactor, publicOrigin: services.config.publicOrigin, secureCookies: servedOverHttps(services.config) }),
    { prefix: '/admin' },
  );
  await json.register(
    privacyRoutes({ adminAuth: services.adminAuth, personalData: services.personalData, publicOrigin: services.config.publicOrigin, secureCookies: servedOverHttps(services.config) }),
    { prefix: '/admin/customers' },
  );
  await json.register(ownerNumbersRoutes({ adminAuth: services.adminAuth, numbers: services.ownerNumbers, secureCookies: servedOverHttps(services.config) }), { prefix: '/admin' });
  await json.register(activityRoutes({ adminAuth: services.adminAuth, audit: services.audit, secureCookies: servedOverHttps(services.config), clock: services.clock }), { prefix: '/admin' });
  await json.register(
    adminWorkshopRoutes({
      adminAuth: services.adminAuth,
      editor: services.workshopEditor,
      calendar: services.workshops,
      publicOrigin: services.config.publicOrigin,
      secureCookies: servedOverHttps(services.config),
    }),
    { prefix: '/admin/workshops' },
  );
  await json.register(
    adminPhotoRoutes({
      adminAuth: services.adminAuth,
      photos: services.photos,
      maxBytes: services.config.photos.maxBytes,
      uploadLimit: limits.photoUpload,
      publicOrigin: services.config.publicOrigin,
      secureCookies: servedOverHttps(services.config),
    }),
    { prefix: '/admin/photos' },
  );
  await json.register(
    adminDepartureRoutes({
      adminAuth: services.adminAuth,
      knowBeforeYouGo: services.knowBeforeYouGo,
      departures: services.departures,
      publicOrigin: services.config.publicOrigin,
      secureCookies: servedOverHttps(services.config),
    }),
    { prefix: '/admin' },
  );
  await json.register(
    adminPromoRoutes({ adminAuth: services.adminAuth, promos: services.promos, publicOrigin: services.config.publicOrigin, secureCookies: servedOverHttps(services.config) }),
    { prefix: '/admin/promo-codes' },
  );
  await json.register(
    adminReviewRoutes({ adminAuth: services.adminAuth, reviews: services.reviews, publicOrigin: services.config.publicOrigin, secureCookies: servedOverHttps(services.config) }),
    { prefix: '/admin/reviews' },
  );
  await json.register(
    adminWorkshopCancellationRoutes({
      adminAuth: services.adminAuth,
      cancellation: services.workshopCancellation,
      calendar: services.workshops,
      publicOrigin: services.config.publicOrigin,
      secureCookies: servedOverHttps(services.config),
    }),
    { prefix: '/admin' },
  );
}
