import { envelope } from '@lightpath/domain/api';
import { reportMaxMonths } from '@lightpath/domain/report-period';
import {
  serviceReportParamsSchema,
  serviceReportQuerySchema,
  serviceReportSchema,
} from '@lightpath/domain/service-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDownload } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import { pdfContentType } from '../../platform/pdf-document';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import { requireReportService, serviceReportCsvFor, serviceReportFor, serviceReportPdfFor } from './service';

const tags = ['reports'];
// Availability moves with the clock (an open outage, the month in progress), and the tickets may be
// Zendesk's.
const measuredNow: ReplyCacheRule = {
  fresh: 'an open outage and the month in progress count up to now; tickets may come from Zendesk',
};
const periodText = `from and to are days (YYYY-MM-DD, first and last included) in the portal's zone, at most ${reportMaxMonths} months apart; a service outside the caller's scope is 404 before the period is read`;

// Issue 17: one service over a period (docs/decisions/040): JSON for the page, the same report as a
// CSV of its sections, and the PDF an IT manager sends on.
export const serviceReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const serviceInScopeFirst = foundFirst(serviceReportParamsSchema, (ctx, { serviceid }) =>
    requireReportService(ctx, serviceid),
  );

  app.get(
    '/reports/service/:serviceid',
    {
      config: { permission: 'reports.view', replyCache: measuredNow },
      preValidation: serviceInScopeFirst,
      schema: {
        tags,
        summary: `The service report: one service's identity and SLA target, its availability over the period and per month (the SLA report's measure), the events on it overlapping the period, the tickets naming it open at some moment of the period, and each month's 95th percentile utilisation each way with its label (the usage report's). ${periodText}`,
        params: serviceReportParamsSchema,
        querystring: serviceReportQuerySchema,
        response: { 200: envelope(serviceReportSchema) },
      },
    },
    async (request) =>
      ok(await serviceReportFor(contextOf(request), request.params.serviceid, request.query)),
  );

  app.get(
    '/reports/service/:serviceid/csv',
    {
      config: { permission: 'reports.view' },
      preValidation: serviceInScopeFirst,
      schema: {
        tags,
        summary: `The service report as a CSV file: its sections one after another (the service and its availability, the months, the events, the tickets), each a title line, a header row and its rows, a blank line between; times in the portal's zone, named in the headers. ${periodText}`,
        params: serviceReportParamsSchema,
        querystring: serviceReportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await serviceReportCsvFor(contextOf(request), request.params.serviceid, request.query);
      return sendDownload(reply, {
        filename: csv.filename,
        contentType: 'text/csv; charset=utf-8',
        body: csv.body,
      });
    },
  );

  app.get(
    '/reports/service/:serviceid/pdf',
    {
      config: { permission: 'reports.view' },
      preValidation: serviceInScopeFirst,
      schema: {
        tags,
        summary: `The service report as a PDF to send on: the service, the period and zone, availability against the target (met or breached), the months with availability and utilisation, the events, the tickets and how the figures are made. ${periodText}`,
        params: serviceReportParamsSchema,
        querystring: serviceReportQuerySchema,
        produces: [pdfContentType],
      },
    },
    async (request, reply) => {
      const pdf = await serviceReportPdfFor(contextOf(request), request.params.serviceid, request.query);
      return sendDownload(reply, { filename: pdf.filename, contentType: pdfContentType, body: pdf.bytes });
    },
  );
};
