import { listOf } from '@lightpath/domain/api';
import { searchQuerySchema, searchResultSchema } from '@lightpath/domain/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import { searchFor } from './service';

// Search reads most of the inventory, and an event's line says whether it is upcoming, current or ended.
const searchReads: ReplyCacheRule = {
  reads: [
    'customers',
    'sites',
    'services',
    'service_patching',
    'events',
    'event_services',
    'contacts',
    'users',
    'shelves',
    'simulated_third_party_circuits',
  ],
  eventTime: true,
};

// circuitProviders: the NetBox simulator's carriers (circuits found by the search are the simulator's).
export const searchRoutes: FastifyPluginAsyncZod<{
  circuitProviders: readonly { id: number; name: string }[];
}> = async (app, { circuitProviders }) => {
  app.get(
    '/search',
    {
      config: { permission: 'portal.use', replyCache: searchReads },
      schema: {
        tags: ['search'],
        summary:
          'Header search over the records the caller may view, best match first (score 0 is perfect; fuzzy from 3 characters, prefix only at 2)',
        querystring: searchQuerySchema,
        response: { 200: listOf(searchResultSchema) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      // The portal's time zone for callers who have not chosen their own.
      const timeZone = ctx.caller.user.timeZone ?? ctx.config.timeZone;
      return ok(await searchFor(ctx, request.query, circuitProviders, timeZone));
    },
  );
};
