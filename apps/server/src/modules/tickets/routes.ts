import { uploadKinds } from '@lightpath/domain/access';
import { envelope, listOf } from '@lightpath/domain/api';
import {
  jobTicketSchema,
  techniciansSchema,
  ticketAttachmentParamsSchema,
  ticketCommentAddedSchema,
  ticketCommentSchema,
  ticketCreatedSchema,
  ticketCreateSchema,
  ticketCsvColumns,
  ticketDetailSchema,
  ticketExportQuerySchema,
  ticketListQuerySchema,
  ticketListRowSchema,
  ticketMessages,
  ticketParamsSchema,
  ticketStatusReplySchema,
  ticketStatusSchema,
} from '@lightpath/domain/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyLimits } from '../../platform/body-limits';
import { listExportRoute, readerZone } from '../../platform/csv-export';
import { sendDownload } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import { idempotencyKeyOf } from '../../platform/idempotency';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import {
  addTicketComment,
  createJobTicket,
  createSupportTicket,
  downloadAttachmentFor,
  getTicketFor,
  listTicketsFor,
  requireTicketFor,
  setTicketStatus,
  techniciansFor,
} from './service';

const tags = ['tickets'];

// Reading tickets is for ticket users (tickets.view) and for technicians, who see their job tickets
// (jobtickets.manage); the service checks either. 'portal.use' lets both reach it.
const readPermission = 'portal.use' as const;

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  // The built-in ticket system's tickets are the portal's rows; Zendesk's are asked of Zendesk each time.
  const ticketListRule: ReplyCacheRule =
    app.dependencies.tickets.kind === 'built-in'
      ? {
          reads: [
            'tickets',
            'ticket_comments',
            'ticket_attachments',
            'site_access_requests',
            'event_notifications',
            'users',
            'sites',
            'services',
            'customers',
          ],
        }
      : { fresh: 'Zendesk holds the tickets' };
  const ticketInScopeFirst = foundFirst(ticketParamsSchema, (ctx, { ticketid }) =>
    requireTicketFor(ctx, ticketid),
  );

  app.get(
    '/tickets',
    {
      config: { permission: readPermission, replyCache: ticketListRule },
      schema: {
        tags,
        summary:
          "List tickets in scope (needs tickets.view, or jobtickets.manage for a technician's own job tickets): customers their own support tickets and access requests, technicians the job tickets assigned to them, the NOC and engineering all. Filter by status, kind, siteid, serviceid (tickets naming the service) and q (subject, requester, ticket number); sort by updated_at (default, newest first), created_at or ticketid. The count is exact up to 1,000 tickets past offset and a lower bound beyond (countexact false)",
        querystring: ticketListQuerySchema,
        response: { 200: listOf(ticketListRowSchema) },
      },
    },
    async (request) => ok(await listTicketsFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/tickets',
    permission: readPermission,
    tags,
    summary:
      "The tickets list as a CSV file: every ticket in scope its filters and sort select, all pages, streamed; times in the reader's zone. The same query as GET tickets, without limit and offset",
    querystring: ticketExportQuerySchema,
    filename: 'tickets.csv',
    columns: (ctx) => ticketCsvColumns(readerZone(ctx)),
    page: listTicketsFor,
  });

  app.get(
    '/tickets/technicians',
    {
      config: { permission: 'jobtickets.manage' },
      schema: {
        tags,
        summary: 'Field services users (type 2) who can sign in: whom a job ticket can be for',
        response: { 200: envelope(techniciansSchema) },
      },
    },
    async (request) => ok(await techniciansFor(contextOf(request))),
  );

  app.get(
    '/ticket/:ticketid',
    {
      config: { permission: readPermission },
      schema: {
        tags,
        summary: 'One ticket in scope with its comments (sanitised HTML, oldest first) and attachments',
        params: ticketParamsSchema,
        response: { 200: envelope(ticketDetailSchema) },
      },
    },
    async (request) => ok(await getTicketFor(contextOf(request), request.params.ticketid)),
  );

  app.get(
    '/ticket/:ticketid/attachment/:attachmentid',
    {
      config: { permission: readPermission },
      schema: {
        tags,
        summary:
          'Download a file the portal stored for a ticket in scope (a site access form), as an attachment with its checked content type',
        params: ticketAttachmentParamsSchema,
        produces: Object.values(uploadKinds).map((kind) => kind.contentType),
      },
    },
    async (request, reply) => {
      const { ticketid, attachmentid } = request.params;
      const file = await downloadAttachmentFor(contextOf(request), ticketid, attachmentid);
      // Always a download, never shown inline: the portal's origin must not render uploaded files.
      return sendDownload(reply, {
        filename: file.filename,
        contentType: file.contenttype,
        body: file.bytes,
      });
    },
  );

  app.post(
    '/ticket',
    {
      bodyLimit: bodyLimits.longText,
      config: { permission: 'tickets.create' },
      schema: {
        tags,
        summary:
          "Raise a ticket (the Create New Ticket wizard) for the caller's customer, or for provider staff the customer owning the services named. The wizard's rules apply; the requester is the caller and hears of it by e-mail. An Idempotency-Key header makes a retry answer the first ticket (200)",
        body: ticketCreateSchema,
        response: { 200: envelope(ticketCreatedSchema), 201: envelope(ticketCreatedSchema) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const outcome = await createSupportTicket(contextOf(request), request.body, key);
      return reply
        .status(outcome.kind === 'created' ? 201 : 200)
        .send(ok({ ticketid: outcome.ticketid }, ticketMessages.created(outcome.ticketid)));
    },
  );

  app.post(
    '/ticket/ventia',
    {
      bodyLimit: bodyLimits.longText,
      config: { permission: 'jobtickets.manage' },
      schema: {
        tags,
        summary:
          'Raise a job ticket for a field services user at a site; a technician may raise one for themself only. An Idempotency-Key header makes a retry answer the first ticket (200)',
        body: jobTicketSchema,
        response: { 200: envelope(ticketCreatedSchema), 201: envelope(ticketCreatedSchema) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const outcome = await createJobTicket(contextOf(request), request.body, key);
      return reply
        .status(outcome.kind === 'created' ? 201 : 200)
        .send(ok({ ticketid: outcome.ticketid }, ticketMessages.created(outcome.ticketid)));
    },
  );

  app.post(
    '/ticket/:ticketid/comment',
    {
      bodyLimit: bodyLimits.longText,
      config: { permission: readPermission },
      preValidation: ticketInScopeFirst,
      schema: {
        tags,
        summary:
          'Comment on a ticket in scope. The comment is text; it is stored as sanitised HTML under the caller’s name, and the requester and ccs hear of it by e-mail',
        params: ticketParamsSchema,
        body: ticketCommentSchema,
        response: {
          201: envelope(ticketCommentAddedSchema),
        },
      },
    },
    async (request, reply) => {
      const comment = await addTicketComment(
        contextOf(request),
        request.params.ticketid,
        request.body.comment,
      );
      return reply.status(201).send(ok({ comment }, ticketMessages.commentAdded));
    },
  );

  app.put(
    '/ticket/:ticketid/status',
    {
      // tickets.manage for any status; a technician sets their own job tickets to pending or solved
      // (ticketStatusesFor). The service checks which.
      config: { permission: readPermission },
      preValidation: ticketInScopeFirst,
      schema: {
        tags,
        summary:
          "Change a ticket's status (new, open, pending, hold, solved): the NOC and engineering any ticket in scope, a technician their own job tickets to pending or solved",
        params: ticketParamsSchema,
        body: ticketStatusSchema,
        response: { 200: envelope(ticketStatusReplySchema) },
      },
    },
    async (request) => {
      const { ticketid } = request.params;
      const { status } = request.body;
      await setTicketStatus(contextOf(request), ticketid, status);
      return ok({ ticketid, status }, ticketMessages.statusChanged(status));
    },
  );
};
