import { Router } from 'express';
import type { Services } from '../../composition-root';

/**
 * A new proof-of-work challenge for the booking form's ALTCHA widget, which
 * fetches it only after a booking answered CHALLENGE_REQUIRED (docs/decisions/056).
 */
export function altchaRoutes(services: Services): Router {
  const router = Router();
  router.get('/altcha/challenge', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await services.proofOfWork.createChallenge());
  });
  return router;
}
