import { envelope, listOf, messageOnly } from '@lightpath/domain/api';
import {
  eventCommentAddedSchema,
  eventCommentSchema,
  eventCsvColumns,
  eventDetailSchema,
  eventExportQuerySchema,
  eventListQuerySchema,
  eventMessages,
  eventParamsSchema,
  eventSummarySchema,
  eventWriteReplySchema,
  eventWriteSchema,
  pastEventsExportQuerySchema,
  pastEventsParamsSchema,
  pastEventsQuerySchema,
} from '@lightpath/domain/events';
import { serviceParamsSchema } from '@lightpath/domain/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyLimits } from '../../platform/body-limits';
import { listExportRoute, readerZone, sendListExport } from '../../platform/csv-export';
import { done, ok } from '../../platform/envelope';
import { idempotencyKeyOf } from '../../platform/idempotency';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
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

const tags = ['events'];
// The views (current, latest, past...) and each event's timing move as events start and end.
const eventListReads: ReplyCacheRule = {
  reads: ['events', 'event_services', 'event_comments', 'services', 'sites', 'customers'],
  eventTime: true,
};

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sidebar: Scheduled Events (works and hazards not yet ended) and Network Outages (outages now).
  app.navigationCounts.provide('events.scheduled', async (ctx) => (await eventCountsFor(ctx)).scheduled);
  app.navigationCounts.provide('events.outages', async (ctx) => (await eventCountsFor(ctx)).outages);

  app.get(
    '/events',
    {
      config: { permission: 'events.view', replyCache: eventListReads },
      schema: {
        tags,
        summary:
          'List events in scope. view: all, scheduled (works and hazards not ended), outages (current or ended within 7 days), latest (the bell: current, starting or ended within 7 days), current, open (current or starting within 7 days, not ended), past. Sort by starttime, endtime, number, title, type or priority',
        querystring: eventListQuerySchema,
        response: { 200: listOf(eventSummarySchema) },
      },
    },
    async (request) => ok(await listEventsFor(contextOf(request), request.query)),
  );

  app.get(
    '/events/past/:startdate/:enddate',
    {
      config: { permission: 'events.view', replyCache: eventListReads },
      schema: {
        tags,
        summary: 'Events in scope that ended between two times (unix seconds), latest ended first',
        params: pastEventsParamsSchema,
        querystring: pastEventsQuerySchema,
        response: { 200: listOf(eventSummarySchema) },
      },
    },
    async (request) => {
      const { startdate, enddate } = request.params;
      return ok(
        await listPastEventsFor(contextOf(request), { start: startdate, end: enddate }, request.query),
      );
    },
  );

  listExportRoute(app, {
    path: '/export/events',
    permission: 'events.view',
    tags,
    summary:
      "The events list as a CSV file: every event its view, filters and sort select, all pages, streamed; times in the reader's zone. The same query as GET events, without limit and offset",
    querystring: eventExportQuerySchema,
    filename: 'events.csv',
    columns: (ctx) => eventCsvColumns(readerZone(ctx)),
    page: listEventsFor,
  });

  app.get(
    '/export/events/past/:startdate/:enddate',
    {
      config: { permission: 'events.view' },
      schema: {
        tags,
        summary:
          'The past events list as a CSV file: every event in scope that ended between two times (unix seconds) with its filters and sort, all pages, streamed',
        params: pastEventsParamsSchema,
        querystring: pastEventsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const range = { start: request.params.startdate, end: request.params.enddate };
      return sendListExport(reply, contextOf(request), request.query, {
        filename: 'past-events.csv',
        columns: (ctx) => eventCsvColumns(readerZone(ctx)),
        page: (ctx, query) => listPastEventsFor(ctx, range, query),
      });
    },
  );

  app.get(
    '/events/:serviceid',
    {
      config: { permission: 'events.view', replyCache: eventListReads },
      schema: {
        tags,
        summary: "One service's events (the service must be in scope), newest first",
        params: serviceParamsSchema,
        querystring: eventListQuerySchema,
        response: { 200: listOf(eventSummarySchema) },
      },
    },
    async (request) =>
      ok(await listServiceEventsFor(contextOf(request), request.params.serviceid, request.query)),
  );

  app.get(
    '/event/:eventid',
    {
      config: { permission: 'events.view' },
      schema: {
        tags,
        summary:
          'One event with its services (and their condition now), customers, sites and comments; the NOC also gets what became of each notice',
        params: eventParamsSchema,
        response: { 200: envelope(eventDetailSchema) },
      },
    },
    async (request) => ok(await getEventFor(contextOf(request), request.params.eventid)),
  );

  app.post(
    '/event',
    {
      bodyLimit: bodyLimits.eventWizard,
      config: { permission: 'events.manage' },
      schema: {
        tags,
        summary:
          'New event. preflight: true answers who would be told what, writing nothing; otherwise the event is stored (201) and, with sendnotification, the notices are sent. An Idempotency-Key header makes a retry answer the first event (200)',
        body: eventWriteSchema,
        response: { 200: envelope(eventWriteReplySchema), 201: envelope(eventWriteReplySchema) },
      },
    },
    async (request, reply) => {
      const requestKey = idempotencyKeyOf(request);
      const outcome = await createEvent(contextOf(request), request.body, requestKey);
      if (outcome.kind === 'preflight') return ok(outcome.reply);
      const message = eventMessages.created(outcome.reply.eventid);
      return reply.status(outcome.kind === 'created' ? 201 : 200).send(ok(outcome.reply, message));
    },
  );

  app.put(
    '/event/:eventid',
    {
      bodyLimit: bodyLimits.eventWizard,
      config: { permission: 'events.manage' },
      schema: {
        tags,
        summary:
          'Update an event: a new revision with the services sent; with sendnotification the notices of the new revision go out. preflight: true answers the plan only. A retry with the same Idempotency-Key makes no new revision and sends nothing',
        params: eventParamsSchema,
        body: eventWriteSchema,
        response: { 200: envelope(eventWriteReplySchema) },
      },
    },
    async (request) => {
      const outcome = await updateEvent(
        contextOf(request),
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
        params: eventParamsSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await deleteEvent(contextOf(request), request.params.eventid);
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
        params: eventParamsSchema,
        body: eventCommentSchema,
        response: { 201: envelope(eventCommentAddedSchema) },
      },
    },
    async (request, reply) => {
      const comment = await addEventComment(contextOf(request), request.params.eventid, request.body.comment);
      return reply.status(201).send(ok({ comment }, eventMessages.commentAdded));
    },
  );
};
