import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, RawQuery } from '../../db/client';

export type FaqRouteOptions = { db: Db; query: RawQuery };

// Stub: the FAQ helper fills this in.
export const faqRoutes: FastifyPluginAsyncZod<FaqRouteOptions> = async () => {};
