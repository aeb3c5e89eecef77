import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../infrastructure/db/data-source';
import { CATALOG_ROUTES } from './schemas/catalog';

export function healthRoutes(db: Pick<Database, 'ping'>): FastifyPluginAsync {
  return async (app) => {
    app.get('/health', { schema: CATALOG_ROUTES.health }, async (_req, reply) => {
      const up = await db.ping();
      return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    });
  };
}
