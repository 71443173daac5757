import { envelope } from '@lightpath/domain/api';
import { reportMaxMonths } from '@lightpath/domain/report-period';
import {
  usageReportExportQuerySchema,
  usageReportQuerySchema,
  usageReportSchema,
} from '@lightpath/domain/usage-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendListExport } from '../../platform/csv-export';
import { sendDownload } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { pdfContentType } from '../../platform/pdf-document';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import {
  listUsageReportRowsFor,
  usagePdfMaxRows,
  usageReportCsvFor,
  usageReportFor,
  usageReportPdfFor,
} from './service';

const tags = ['reports'];
// The figures are the kept months (written by the measuring job), so the report moves only with the
// tables, never with the clock.
const usageReportReads: ReplyCacheRule = { reads: ['service_usage_months', 'services', 'customers'] };
const query = `The period is from and to (YYYY-MM-DD, both days included, in the portal's zone; at most ${reportMaxMonths} months): every calendar month it touches, each with its whole month's figure. Filter by customer (id; an unknown one, or another customer's, is 404), label (atcapacity, nearingcapacity, available: the period's highest figures' label) and q (service id, description or customer); sort by highest (the higher direction's highest month; default -highest, hottest first), atob, btoa, serviceid or customername, - for descending. A customer sees its own services only`;

// Issue 17 item 1: capacity planners' report of each service's monthly 95th percentile (reports.view).
export const usageReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/usage',
    {
      config: { permission: 'reports.view', replyCache: usageReportReads },
      schema: {
        tags,
        summary: `Usage report: per month, how many services were At Capacity (95th percentile above 85% of the line rate in either direction), Nearing Capacity (above 80%) or Available, and how many owed a figure have none; and a page of services with each month's 95th percentile A to B and B to A (percent), the period's highest and its label. ${query}`,
        querystring: usageReportQuerySchema,
        response: { 200: envelope(usageReportSchema) },
      },
    },
    async (request) => ok(await usageReportFor(contextOf(request), request.query)),
  );

  app.get(
    '/reports/usage/csv',
    {
      config: { permission: 'reports.view' },
      schema: {
        tags,
        summary: `The usage report's services as a CSV file, all of them, streamed: the period's highest figures and label, then each month's two figures (months in the portal's zone, named in the headers). The same query as GET reports/usage, without limit and offset. ${query}`,
        querystring: usageReportExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const { filename, columns } = await usageReportCsvFor(ctx, request.query);
      // Each page of the report works out every selected service's highest figures to sort them, so
      // the export reads pages ten times the lists' (10,000 rows, about 10 MB) to run it a tenth as often:
      // every service's CSV took 20 s at 1,000 a page on national data.
      const pageSize = ctx.config.exportPageSize * 10;
      return sendListExport(
        reply,
        { ...ctx, config: { ...ctx.config, exportPageSize: pageSize } },
        request.query,
        {
          filename,
          columns: () => columns,
          page: listUsageReportRowsFor,
        },
      );
    },
  );

  app.get(
    '/reports/usage/pdf',
    {
      config: { permission: 'reports.view' },
      schema: {
        tags,
        summary: `The usage report as a PDF: the definition, the months' counts by label, then the services in the report's order (the first ${usagePdfMaxRows}; the CSV has them all), landscape. The same query as GET reports/usage, without limit and offset. ${query}`,
        querystring: usageReportExportQuerySchema,
        produces: [pdfContentType],
      },
    },
    async (request, reply) => {
      const pdf = await usageReportPdfFor(contextOf(request), request.query);
      return sendDownload(reply, { filename: pdf.filename, contentType: pdfContentType, body: pdf.bytes });
    },
  );
};
