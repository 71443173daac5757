import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';

export type StreamRouteOptions = { db: Db };

// Stub: the live-updates helper fills this in.
export const streamRoutes: FastifyPluginAsyncZod<StreamRouteOptions> = async () => {};
