import { envelope } from '@lightpath/domain/api';
import { eventPrefillParamsSchema, eventPrefillReplySchema } from '@lightpath/domain/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db, RawQuery } from '../../db/client';
import type { TicketSystem } from '../../integrations/tickets/ticket-system';
import { ok } from '../../platform/envelope';
import { prefillEvent } from './service';

export type NotificationRouteOptions = { db: Db; query: RawQuery; config: Config; tickets: TicketSystem };

const tags = ['events'];

export const notificationRoutes: FastifyPluginAsyncZod<NotificationRouteOptions> = async (
  app,
  { db, query, tickets },
) => {
  app.get(
    '/events/prefill/:ticketid',
    {
      config: { permission: 'events.manage' },
      schema: {
        tags,
        summary:
          "The New Event wizard's 'Prefill Event': type, SLA, template, times and usable services from a ticket, and the event already filed under its number",
        params: eventPrefillParamsSchema,
        response: { 200: envelope(eventPrefillReplySchema) },
      },
    },
    async (request) => ok(await prefillEvent(db, query, tickets, request.params.ticketid)),
  );
};
