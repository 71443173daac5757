import { listOf } from '@lightpath/domain/api';
import {
  auditCsvColumns,
  auditEntrySchema,
  auditLogExportQuerySchema,
  auditLogListQuerySchema,
} from '@lightpath/domain/audit-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute, readerZone } from '../../platform/csv-export';
import { ok } from '../../platform/envelope';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import { listAuditEntriesFor } from './service';

const tags = ['audit log'];
const filters =
  'Filter by user (part of the e-mail), action (exactly, e.g. site.delete, or an area, e.g. site), entityid (exactly) and q (any of those, the address or the detail); from and to in unix seconds, both included';
// Every write anywhere in the portal adds an entry, so a kept reply would rarely be read twice.
const auditReads: ReplyCacheRule = { fresh: 'grows with every write in the portal' };

// Issue 19: the NOC's audit log screen (audit.view, type 1 only).
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auditlog',
    {
      config: { permission: 'audit.view', replyCache: auditReads },
      schema: {
        tags,
        summary: `List what was done in the portal, newest first (sort=time for oldest first): who did it (the real user, and the customer and role acted as while impersonating), the action, the record, what changed and from which address. ${filters}`,
        querystring: auditLogListQuerySchema,
        response: { 200: listOf(auditEntrySchema) },
      },
    },
    async (request) => ok(await listAuditEntriesFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/auditlog',
    permission: 'audit.view',
    tags,
    summary: `The audit log as a CSV file: every entry the filters select, all pages, streamed, times in the reader's zone. The same query as GET auditlog, without limit and offset. ${filters}`,
    querystring: auditLogExportQuerySchema,
    filename: 'audit-log.csv',
    columns: (ctx) => auditCsvColumns(readerZone(ctx)),
    page: listAuditEntriesFor,
  });
};
