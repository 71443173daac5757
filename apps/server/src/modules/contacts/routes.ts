import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, RawQuery } from '../../db/client';

export type ContactRouteOptions = { db: Db; query: RawQuery };

// Stub: the contacts helper fills this in.
export const contactRoutes: FastifyPluginAsyncZod<ContactRouteOptions> = async () => {};
