import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { checkHealth } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(deps);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
