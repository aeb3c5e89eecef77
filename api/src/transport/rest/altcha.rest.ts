import type { FastifyPluginAsync } from 'fastify';
import type { ProofOfWork } from '../../infrastructure/proof-of-work/proof-of-work';
import { CATALOG_ROUTES } from './schemas/catalog';

/**
 * A new proof-of-work challenge for the booking form's ALTCHA widget, which
 * fetches it only after a booking answered CHALLENGE_REQUIRED (docs/decisions/056).
 */
export function altchaRoutes(proofOfWork: ProofOfWork): FastifyPluginAsync {
  return async (app) => {
    app.get('/altcha/challenge', { schema: CATALOG_ROUTES.altchaChallenge }, async (_req, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return proofOfWork.createChallenge();
    });
  };
}
