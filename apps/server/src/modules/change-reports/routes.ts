import { envelope } from '@lightpath/domain/api';
import {
  changeReportCsvColumns,
  changeReportExportQuerySchema,
  changeReportQuerySchema,
  changeReportSchema,
  changeReportTopCustomers,
} from '@lightpath/domain/change-reports';
import { reportMaxMonths } from '@lightpath/domain/report-period';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute } from '../../platform/csv-export';
import { sendDownload } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { pdfContentType } from '../../platform/pdf-document';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import { changeReportFor, changeReportPdfFor, listChangeReportRowsFor } from './service';

const tags = ['reports'];
// The events start in the period whatever the time now, so the report moves only with the tables.
const changeReportReads: ReplyCacheRule = { reads: ['events', 'event_services', 'services', 'customers'] };
const query = `The period is from and to (YYYY-MM-DD, both days included, in the portal's zone; at most ${reportMaxMonths} months, future ones too): an event is in it when it starts in it. Filter by customer (id), type (1 scheduled works, 2 hazards), priority (1-5), approver (exactly) and q (title or ticket number); sort by starttime (default), number, title, type, priority, approver or duration, - for descending. A customer sees the events that touch its own services, and only its own services in each`;

// Issue 17 item 1: the change board's report of scheduled works and hazards (reports.view).
export const changeReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/changes',
    {
      config: { permission: 'reports.view', replyCache: changeReportReads },
      schema: {
        tags,
        summary: `Change management report: the scheduled works and hazards of a period with counts by type, priority, approver, customer (the ${changeReportTopCustomers} with most events, and how many more) and week or month for the chart, and a page of the events (number, title, type, start, end, duration in seconds, priority, initiator, approver, SLA class, customer codes and services in scope). ${query}`,
        querystring: changeReportQuerySchema,
        response: { 200: envelope(changeReportSchema) },
      },
    },
    async (request) => ok(await changeReportFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/reports/changes/csv',
    permission: 'reports.view',
    tags,
    summary: `The change management report's events as a CSV file, all of them, streamed; times in the portal's zone, named in the headers. The same query as GET reports/changes, without limit and offset. ${query}`,
    querystring: changeReportExportQuerySchema,
    filename: 'change-management-report.csv',
    columns: (ctx) => changeReportCsvColumns(ctx.config.timeZone),
    page: listChangeReportRowsFor,
  });

  app.get(
    '/reports/changes/pdf',
    {
      config: { permission: 'reports.view' },
      schema: {
        tags,
        summary: `The change management report as a PDF for the change board: the counts, then every event, landscape; times in the portal's zone. The same query as GET reports/changes, without limit and offset. ${query}`,
        querystring: changeReportExportQuerySchema,
        produces: [pdfContentType],
      },
    },
    async (request, reply) => {
      const pdf = await changeReportPdfFor(contextOf(request), request.query);
      return sendDownload(reply, { filename: pdf.filename, contentType: pdfContentType, body: pdf.bytes });
    },
  );
};
