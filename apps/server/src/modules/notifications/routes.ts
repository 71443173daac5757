import { idSchema } from '@lightpath/domain/api';
import { eventMessages } from '@lightpath/domain/events';
import { ticketNumberMax } from '@lightpath/domain/ticket-numbers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db, RawQuery } from '../../db/client';
import type { TicketSystem } from '../../integrations/tickets/ticket-system';
import { envelope, ok } from '../../platform/envelope';
import { prefillEvent } from './service';

export type NotificationRouteOptions = { db: Db; query: RawQuery; config: Config; tickets: TicketSystem };

// The path text is read as idSchema reads ids (plain decimal only); anything that is not a ticket
// number the wizard accepts, 0 included, gets the wizard's own message.
const ticketNumberSchema = z.preprocess(
  (value) => {
    const parsed = idSchema.safeParse(value);
    return parsed.success ? parsed.data : value;
  },
  z
    .number({ error: eventMessages.ticketRange })
    .int(eventMessages.ticketRange)
    .min(1, eventMessages.ticketRange)
    .max(ticketNumberMax, eventMessages.ticketRange),
);

const eventPrefillSchema = z.object({
  type: z.number().optional(),
  slatype: z.number().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  priority: z.number(),
  starttime: z.number().optional(),
  endtime: z.number().optional(),
  services: z.array(z.string()),
  messages: z.array(z.string()),
});

const eventPrefillReplySchema = z.object({
  ticketid: z.number(),
  existingeventid: z.number().nullable(),
  prefill: eventPrefillSchema,
});

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
        params: z.object({ ticketid: ticketNumberSchema }),
        response: { 200: envelope(eventPrefillReplySchema) },
      },
    },
    async (request) => ok(await prefillEvent(db, query, tickets, request.params.ticketid)),
  );
};
