import { listOf } from '@lightpath/domain/api';
import {
  apiLogCsvColumns,
  apiLogExportQuerySchema,
  apiLogListQuerySchema,
  apiLogMaxSpanDays,
  apiLogSchema,
} from '@lightpath/domain/api-logs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute } from '../../platform/csv-export';
import { ok } from '../../platform/envelope';
import { contextOf } from '../../platform/service-context';
import { listApiLogsFor } from './service';

const tags = ['api logs'];
const filters = `Filter by method, status (a code such as 404 or a class such as 4xx), user (part of the e-mail), route (part of the route pattern or path), address (the start of the client address) and q (any of those and the request id). The period is from and to in unix seconds, both included: at most ${apiLogMaxSpanDays} days, the last day when neither is given, a day up to to when only to is`;

// Issue 17: the NOC's API logs (apilogs.view, type 1 only).
export const apiLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apilogs',
    {
      // Every request adds a record, so a kept reply would be out of date at once.
      config: { permission: 'apilogs.view', replyCache: { fresh: 'grows with every API call' } },
      schema: {
        tags,
        summary: `List the calls made to the API in a period, newest first (sort=time or duration, - for descending), each with who made it (the real user, and the customer and role acted as while impersonating), the method, route and path (never the query string), status, duration in milliseconds, client address, user agent and request id. ${filters}`,
        querystring: apiLogListQuerySchema,
        response: { 200: listOf(apiLogSchema) },
      },
    },
    async (request) => ok(await listApiLogsFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/apilogs',
    permission: 'apilogs.view',
    tags,
    summary:
      'The API logs as a CSV file: every call the filters select, all pages, streamed. The same query as GET apilogs, without limit and offset',
    querystring: apiLogExportQuerySchema,
    filename: 'api-logs.csv',
    columns: () => apiLogCsvColumns,
    page: listApiLogsFor,
  });
};
