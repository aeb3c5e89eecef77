import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../infrastructure/db/data-source';

export function healthRoutes(db: Pick<Database, 'ping'>): FastifyPluginAsync {
  return async (app) => {
    app.get('/health', async (_req, reply) => {
      const up = await db.ping();
      return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    });
  };
}
