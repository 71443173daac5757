import { listOf } from '@lightpath/domain/api';
import { searchQuerySchema, searchResultSchema } from '@lightpath/domain/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { signedIn } from '../../platform/request-context';
import { searchFor } from './service';

// circuitProviders: the NetBox simulator's carriers (circuits found by the search are the simulator's).
// timeZone: the portal's, for callers who have not chosen their own.
export const searchRoutes: FastifyPluginAsyncZod<{
  db: Db;
  circuitProviders: readonly { id: number; name: string }[];
  timeZone: string;
}> = async (app, { db, circuitProviders, timeZone }) => {
  app.get(
    '/search',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags: ['search'],
        summary:
          'Header search over the records the caller may view, best match first (score 0 is perfect; fuzzy from 3 characters, prefix only at 2)',
        querystring: searchQuerySchema,
        response: { 200: listOf(searchResultSchema) },
      },
    },
    async (request) => {
      const { actor, user } = signedIn(request);
      return ok(await searchFor(db, actor, request.query, circuitProviders, user.timeZone ?? timeZone));
    },
  );
};
