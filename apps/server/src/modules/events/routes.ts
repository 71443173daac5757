import { idSchema, listQuerySchema } from '@lightpath/domain/api';
import {
  type EventType,
  eventCommentSchema,
  eventMessages,
  eventViews,
  eventWriteSchema,
} from '@lightpath/domain/events';
import type { CountKey } from '@lightpath/domain/navigation';
import { serviceIdParamSchema } from '@lightpath/domain/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db, RawQuery } from '../../db/client';
import type { TicketSystem } from '../../integrations/tickets/ticket-system';
import { done, envelope, listOf, messageOnly, ok } from '../../platform/envelope';
import { idempotencyKeyOf } from '../../platform/idempotency';
import { signedIn } from '../../platform/request-context';
import { countProviders } from '../portal/routes';
import {
  addEventComment,
  createEvent,
  deleteEvent,
  eventCountsFor,
  getEventFor,
  listEventsFor,
  listPastEventsFor,
  listServiceEventsFor,
  updateEvent,
} from './service';

export type EventRouteOptions = { db: Db; query: RawQuery; config: Config; tickets: TicketSystem };

const timingSchema = z.enum(['upcoming', 'current', 'ongoing', 'ended']);

export const eventSummarySchema = z.object({
  eventid: z.number(),
  number: z.number(),
  title: z.string(),
  type: z.number(),
  starttime: z.number(),
  endtime: z.number().nullable(),
  priority: z.number(),
  slatype: z.number(),
  initiator: z.string(),
  approver: z.string(),
  createdat: z.number(),
  updatedat: z.number(),
  revision: z.number(),
  servicecount: z.number(),
  customercount: z.number(),
  timing: timingSchema,
});

const eventServiceSchema = z.object({
  serviceid: z.string(),
  description: z.string(),
  status: z.number(),
  customerid: z.number(),
  customercode: z.string(),
  aendsiteid: z.number().nullable(),
  aendsitename: z.string().nullable(),
  bendsiteid: z.number().nullable(),
  bendsitename: z.string().nullable(),
  condition: z.number(),
});

const eventCustomerSchema = z.object({
  customerid: z.number(),
  customercode: z.string(),
  customername: z.string(),
  servicecount: z.number(),
});

const eventSiteSchema = z.object({
  siteid: z.number(),
  sitenumber: z.string(),
  sitename: z.string(),
  customercode: z.string(),
  condition: z.number(),
});

export const eventCommentReplySchema = z.object({
  commentid: z.number(),
  author: z.string(),
  body: z.string(),
  createdat: z.number(),
});

export const eventNotificationStatusSchema = z.object({
  customerid: z.number(),
  code: z.string(),
  revision: z.number(),
  status: z.enum(['pending', 'sent', 'failed']),
  ticketid: z.number().nullable(),
  sentat: z.number().nullable(),
  lasterror: z.string().nullable(),
});

export const preflightCustomerSchema = z.object({
  customerid: z.number(),
  code: z.string(),
  customername: z.string(),
  services: z.array(z.string()),
  skippedservices: z.array(z.string()),
  tickets: z.array(
    z.object({
      requester: z.string(),
      ccs: z.array(z.string()),
      subject: z.string(),
      htmlcomment: z.string(),
      ticketid: z.number().nullable(),
    }),
  ),
  sms: z.array(
    z.object({
      recipient: z.string(),
      smsto: z.string(),
      serviceid: z.array(z.string()),
      message: z.string(),
    }),
  ),
  subscribers: z.array(
    z.object({
      userid: z.number(),
      name: z.string(),
      email: z.string(),
      services: z.array(z.string()),
      delivery: z.enum(['ticket', 'email']),
    }),
  ),
  subscribernotice: z.object({ subject: z.string(), htmlcomment: z.string() }).nullable(),
  warnings: z.array(z.string()),
});

export const eventDetailSchema = eventSummarySchema.extend({
  description: z.string(),
  services: z.array(eventServiceSchema),
  customers: z.array(eventCustomerSchema),
  sites: z.array(eventSiteSchema),
  comments: z.array(eventCommentReplySchema),
  notifications: z.array(eventNotificationStatusSchema).optional(),
});

const eventWriteReply = envelope(
  z.object({
    customers: z.array(preflightCustomerSchema),
    eventid: z.number().optional(),
    event: eventDetailSchema.optional(),
    notifications: z.array(eventNotificationStatusSchema).optional(),
  }),
);

const listQuery = listQuerySchema.extend({
  view: z.enum(eventViews).optional(),
  type: z
    .enum(['1', '2', '3'])
    .transform((v) => Number(v) as EventType)
    .optional(),
  customerid: idSchema.optional(),
});

// Unix seconds in a path: plain digits only, within the years the wizard accepts times for.
const secondsParam = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'Dates must be unix seconds' })
    .int('Dates must be unix seconds')
    .min(0, 'Dates must be unix seconds')
    .max(4_102_444_800, 'Dates must be before the year 2100'),
);
const pastParams = z
  .object({ startdate: secondsParam, enddate: secondsParam })
  .refine((range) => range.enddate >= range.startdate, eventMessages.rangeInvalid);

const eventParams = z.object({ eventid: idSchema });
const serviceParams = z.object({ serviceid: serviceIdParamSchema });

const tags = ['events'];

export const eventRoutes: FastifyPluginAsyncZod<EventRouteOptions> = async (app, options) => {
  const { query } = options;

  // Sidebar: Scheduled Events (works and hazards not yet ended) and Network Outages (outages now).
  countProviders['events.scheduled' satisfies CountKey] = async (_db, actor) =>
    (await eventCountsFor(query, actor)).scheduled;
  countProviders['events.outages' satisfies CountKey] = async (_db, actor) =>
    (await eventCountsFor(query, actor)).outages;

  app.get(
    '/events',
    {
      config: { permission: 'events.view' },
      schema: {
        tags,
        summary:
          'List events in scope. view: all, scheduled (works and hazards not ended), outages (current or ended within 7 days), latest (the bell: current, starting or ended within 7 days), current, open (current or starting within 7 days, not ended), past. Sort by starttime, endtime, number, title, type or priority',
        querystring: listQuery,
        response: { 200: listOf(eventSummarySchema) },
      },
    },
    async (request) => ok(await listEventsFor(query, signedIn(request).actor, request.query)),
  );

  app.get(
    '/events/past/:startdate/:enddate',
    {
      config: { permission: 'events.view' },
      schema: {
        tags,
        summary: 'Events in scope that ended between two times (unix seconds), latest ended first',
        params: pastParams,
        querystring: listQuery.omit({ view: true }),
        response: { 200: listOf(eventSummarySchema) },
      },
    },
    async (request) => {
      const { startdate, enddate } = request.params;
      return ok(
        await listPastEventsFor(
          query,
          signedIn(request).actor,
          { start: startdate, end: enddate },
          request.query,
        ),
      );
    },
  );

  app.get(
    '/events/:serviceid',
    {
      config: { permission: 'events.view' },
      schema: {
        tags,
        summary: "One service's events (the service must be in scope), newest first",
        params: serviceParams,
        querystring: listQuery,
        response: { 200: listOf(eventSummarySchema) },
      },
    },
    async (request) =>
      ok(await listServiceEventsFor(query, signedIn(request).actor, request.params.serviceid, request.query)),
  );

  app.get(
    '/event/:eventid',
    {
      config: { permission: 'events.view' },
      schema: {
        tags,
        summary:
          'One event with its services (and their condition now), customers, sites and comments; the NOC also gets what became of each notice',
        params: eventParams,
        response: { 200: envelope(eventDetailSchema) },
      },
    },
    async (request) => ok(await getEventFor(query, signedIn(request).actor, request.params.eventid)),
  );

  app.post(
    '/event',
    {
      config: { permission: 'events.manage' },
      schema: {
        tags,
        summary:
          'New event. preflight: true answers who would be told what, writing nothing; otherwise the event is stored (201) and, with sendnotification, the notices are sent. An Idempotency-Key header makes a retry answer the first event (200)',
        body: eventWriteSchema,
        response: { 200: eventWriteReply, 201: eventWriteReply },
      },
    },
    async (request, reply) => {
      const requestKey = idempotencyKeyOf(request);
      const outcome = await createEvent(options, request, signedIn(request).actor, request.body, requestKey);
      if (outcome.kind === 'preflight') return ok(outcome.reply);
      const message = eventMessages.created(outcome.reply.eventid);
      return reply.status(outcome.kind === 'created' ? 201 : 200).send(ok(outcome.reply, message));
    },
  );

  app.put(
    '/event/:eventid',
    {
      config: { permission: 'events.manage' },
      schema: {
        tags,
        summary:
          'Update an event: a new revision with the services sent; with sendnotification the notices of the new revision go out. preflight: true answers the plan only. A retry with the same Idempotency-Key makes no new revision and sends nothing',
        params: eventParams,
        body: eventWriteSchema,
        response: { 200: eventWriteReply },
      },
    },
    async (request) => {
      const outcome = await updateEvent(
        options,
        request,
        signedIn(request).actor,
        request.params.eventid,
        request.body,
        idempotencyKeyOf(request),
      );
      return outcome.kind === 'preflight' ? ok(outcome.reply) : ok(outcome.reply, eventMessages.updated);
    },
  );

  app.delete(
    '/event/:eventid',
    {
      config: { permission: 'events.manage' },
      schema: {
        tags,
        summary: 'Delete an event with its comments and notices',
        params: eventParams,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await deleteEvent(options, request, signedIn(request).actor, request.params.eventid);
      return done(eventMessages.deleted);
    },
  );

  app.post(
    '/event/:eventid/comment',
    {
      config: { permission: 'events.comment' },
      schema: {
        tags,
        summary: 'Comment on an event',
        params: eventParams,
        body: eventCommentSchema,
        response: { 201: envelope(z.object({ comment: eventCommentReplySchema })) },
      },
    },
    async (request, reply) => {
      const comment = await addEventComment(
        options,
        request,
        signedIn(request).actor,
        request.params.eventid,
        request.body.comment,
      );
      return reply.status(201).send(ok({ comment }, eventMessages.commentAdded));
    },
  );
};
