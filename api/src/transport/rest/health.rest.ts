import { Router } from 'express';
import type { Services } from '../../composition-root';

export function healthRoutes(services: Services): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const up = await services.db.ping();
    res.status(up ? 200 : 503).json({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
  });
  return router;
}
