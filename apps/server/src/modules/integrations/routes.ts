import { envelope } from '@lightpath/domain/api';
import { integrationListSchema } from '@lightpath/domain/integrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { contextOf } from '../../platform/service-context';
import { listIntegrations } from './service';

const tags = ['integrations'];

// Administration → Integrations (decisions.md, External systems; docs/decisions/018).
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/integrations',
    {
      config: { permission: 'integrations.view' },
      schema: {
        tags,
        summary:
          'Each external system: real, simulated or built in, its address (no credentials), and the last call it answered and the last that failed (unix seconds), as recorded by every instance',
        response: { 200: envelope(integrationListSchema) },
      },
    },
    async (request) => {
      const results = await listIntegrations(contextOf(request));
      return ok({ count: results.length, results });
    },
  );
};
