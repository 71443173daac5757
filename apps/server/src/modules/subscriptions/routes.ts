import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, RawQuery } from '../../db/client';

export type SubscriptionRouteOptions = { db: Db; query: RawQuery };

// Stub: the service-notification subscriptions helper fills this in.
export const subscriptionRoutes: FastifyPluginAsyncZod<SubscriptionRouteOptions> = async () => {};
