import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db, RawQuery } from '../../db/client';
import type { TicketSystem } from '../../integrations/tickets/ticket-system';

export type NotificationRouteOptions = { db: Db; query: RawQuery; config: Config; tickets: TicketSystem };

// Stub: the notifications helper fills this in.
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRouteOptions> = async () => {};
