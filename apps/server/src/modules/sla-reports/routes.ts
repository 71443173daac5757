import { envelope } from '@lightpath/domain/api';
import {
  slaCsvColumns,
  slaReportExportQuerySchema,
  slaReportQuerySchema,
  slaReportSchema,
} from '@lightpath/domain/sla-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendListExport } from '../../platform/csv-export';
import { sendDownload } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { pdfContentType } from '../../platform/pdf-document';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import { slaReportFilenameOf, slaReportFor, slaReportPdfFor, wholeSlaReportFor } from './service';

const tags = ['reports'];
// Availability moves with the clock: an open outage and the month in progress count up to now.
const measuredNow: ReplyCacheRule = { fresh: 'an open outage and the month in progress count up to now' };
const periodText =
  "from and to are days (YYYY-MM-DD, first and last included) in the portal's zone, at most 24 months apart";

// Issue 17: the SLA report (docs/decisions/038). One measurement, three shapes: JSON for the page, the
// whole table as CSV, and the printed PDF.
export const slaReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/sla',
    {
      config: { permission: 'reports.view', replyCache: measuredNow },
      schema: {
        tags,
        summary: `The SLA report: every service in scope measured over the period (${periodText}): its availability per month and for the period against its target, counted, scheduled and excluded downtime in minutes, outages and whether it met the target; a summary and per-month figures over the customer's (or every) service; then a page of services. customerid (the NOC's; another customer's or an unknown one is 404), q (service id, description or customer), breached (true or false), sort (availability, serviceid, description, customername, type, target, downtime, outages; default worst availability first)`,
        querystring: slaReportQuerySchema,
        response: { 200: envelope(slaReportSchema) },
      },
    },
    async (request) => ok(await slaReportFor(contextOf(request), request.query)),
  );

  app.get(
    '/reports/sla/csv',
    {
      config: { permission: 'reports.view' },
      schema: {
        tags,
        summary: `The SLA report as a CSV file: every service the same query selects, in the same order, with one availability column per month. The query of GET reports/sla without limit and offset; ${periodText}`,
        querystring: slaReportExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const report = await wholeSlaReportFor(ctx, request.query);
      const columns = slaCsvColumns(report.months.map((m) => m.month));
      return sendListExport(reply, ctx, request.query, {
        filename: slaReportFilenameOf(report, 'csv'),
        columns: () => columns,
        // Measured once above; the export streams it a page at a time.
        page: async (_ctx, page) => ({
          count: report.rows.length,
          results: report.rows.slice(page.offset, page.offset + page.limit),
        }),
      });
    },
  );

  app.get(
    '/reports/sla/pdf',
    {
      config: { permission: 'reports.view' },
      schema: {
        tags,
        summary: `The SLA report as a PDF to send on: customer, period and zone, how availability is measured, the summary and months, then the services (every one of a customer's; of every customer's, those that breached). The query of GET reports/sla/csv; ${periodText}`,
        querystring: slaReportExportQuerySchema,
        produces: [pdfContentType],
      },
    },
    async (request, reply) => {
      const pdf = await slaReportPdfFor(contextOf(request), request.query);
      return sendDownload(reply, { filename: pdf.filename, contentType: pdfContentType, body: pdf.bytes });
    },
  );
};
