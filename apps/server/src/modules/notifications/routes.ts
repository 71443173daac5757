import { envelope } from '@lightpath/domain/api';
import { eventPrefillParamsSchema, eventPrefillReplySchema } from '@lightpath/domain/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { contextOf } from '../../platform/service-context';
import { prefillEvent } from './service';

const tags = ['events'];

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => ok(await prefillEvent(contextOf(request), request.params.ticketid)),
  );
};
