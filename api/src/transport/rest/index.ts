import express, { Router } from 'express';
import type { Services } from '../../composition-root';
import { AppError } from '../../infrastructure/errors';
import { altchaRoutes } from './altcha.rest';
import { bookingRoutes } from './booking.rest';
import { communityRoutes } from './community.rest';
import { adminRoutes } from './admin.rest';
import { healthRoutes } from './health.rest';
import { checkoutRoutes, webhookRoutes } from './payment.rest';
import { testimonialRoutes } from './testimonial.rest';
import { workshopRoutes } from './workshop.rest';
import { restErrorHandler } from './http';

/** Body size cap of the REST shims: a booking is about 3 KB at most. */
export const REST_BODY_LIMIT = '64kb';

/**
 * The REST shims of the spec's `/api/...` calls, mounted at /api. Each router is
 * a thin adapter: parse, call one service method, map to the spec's JSON.
 */
export function restApi(services: Services): Router {
  const api = Router();
  api.use(webhookRoutes(services)); // raw body: before the JSON parser
  api.use(express.json({ limit: REST_BODY_LIMIT, strict: false }));
  api.use(healthRoutes(services));
  api.use(workshopRoutes(services));
  api.use(testimonialRoutes(services));
  api.use(bookingRoutes(services));
  api.use(altchaRoutes(services));
  api.use(checkoutRoutes(services));
  api.use(communityRoutes(services));
  api.use(adminRoutes(services));
  api.use((_req, _res) => {
    throw new AppError(AppError.notFound('Endpoint').code, 'No such API endpoint');
  });
  api.use(restErrorHandler(services.logger));
  return api;
}
