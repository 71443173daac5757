import { envelope, failure, messageOnly } from '@lightpath/domain/api';
import {
  calendarFeedCreatedSchema,
  calendarFeedCreateSchema,
  calendarFeedQuerySchema,
  calendarFeedReplySchema,
  calendarFileParamsSchema,
} from '@lightpath/domain/calendar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../platform/envelope';
import { NotFound } from '../../platform/errors';
import { contextOf, publicContextOf } from '../../platform/service-context';
import { calendarMessages, createFeed, getFeedFor, renderFeed, revokeFeed } from './service';

const tags = ['calendar'];
const customerNote =
  'The NOC names the customer (customerid); a company admin manages its own customer and no other (404).';

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/feed',
    {
      config: { permission: 'events.calendar' },
      schema: {
        tags,
        summary: `The customer's live calendar feed link (without its secret), or null. ${customerNote}`,
        querystring: calendarFeedQuerySchema,
        response: { 200: envelope(calendarFeedReplySchema) },
      },
    },
    async (request) => ok({ feed: await getFeedFor(contextOf(request), request.query.customerid) }),
  );

  app.post(
    '/calendar/feed',
    {
      config: { permission: 'events.calendar' },
      schema: {
        tags,
        summary: `Create the customer's private calendar link, revoking the live one. The URL is answered only now: the server keeps only a hash of its token. ${customerNote}`,
        body: calendarFeedCreateSchema,
        response: { 201: envelope(calendarFeedCreatedSchema) },
      },
    },
    async (request, reply) => {
      const created = await createFeed(contextOf(request), request.body.customerid);
      return reply.status(201).send(ok(created, calendarMessages.created));
    },
  );

  app.delete(
    '/calendar/feed',
    {
      config: { permission: 'events.calendar' },
      schema: {
        tags,
        summary: `Revoke the customer's calendar link: subscribed calendars stop updating. ${customerNote}`,
        querystring: calendarFeedQuerySchema,
        response: { 200: messageOnly, 404: failure.describe('The customer has no calendar link to revoke') },
      },
    },
    async (request) => {
      await revokeFeed(contextOf(request), request.query.customerid);
      return done(calendarMessages.revoked);
    },
  );

  // What Outlook, Google Calendar and a customer's own tooling fetch: no session, the token in the
  // path is the credential. The request serialiser (platform/redact-url.ts) keeps it out of the access log.
  app.get(
    '/calendar/:file',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'A customer\'s scheduled works and hazard windows as iCalendar (RFC 5545 with the X-MAINTNOTE-* maintenance properties). `file` is "<token>.ics" from POST /api/calendar/feed; an unknown or revoked link is 404.',
        security: [],
        params: calendarFileParamsSchema,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const feed = await renderFeed(publicContextOf(request), request.params.file, new Date());
      if (!feed) throw new NotFound(calendarMessages.feedNotFound);
      return (
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header(
            'content-disposition',
            `inline; filename="${feed.owner.code.toLowerCase()}-maintenance.ics"`,
          )
          // Calendar clients poll; five minutes of their own cache spares the database. Private: the
          // feed belongs to one customer, and no shared cache may keep it.
          .header('cache-control', 'private, max-age=300')
          .send(feed.body)
      );
    },
  );
};
