import { Readable } from 'node:stream';
import { type CsvColumn, csvByteOrderMark, csvLine } from '@lightpath/domain/csv';
import type { Permission } from '@lightpath/domain/permissions';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { attachmentDisposition } from './download';
import { contextOf, type ServiceContext } from './service-context';

// A list's CSV export (issue 16): every row the list's filters and sort select, on every page, in the
// list's own order. Rows are read a page at a time through the list's own service function (so scope,
// filters and sort are the list's, never a second copy) and written as they arrive: the server holds one
// page (config.exportPageSize rows), however long the list, and the browser sees the first bytes at once.

// The zone an export's times are written in: the reader's own, else the portal's, as on their screen.
export const readerZone = (ctx: ServiceContext) => ctx.caller.user.timeZone ?? ctx.config.timeZone;

type Page<Row> = { count: number; results: Row[] };

export type ListExport<Query, Row> = {
  filename: string;
  columns: (ctx: ServiceContext) => readonly CsvColumn<Row>[];
  page: (ctx: ServiceContext, query: Query & { limit: number; offset: number }) => Promise<Page<Row>>;
};

export async function* csvOf<Query, Row>(
  ctx: ServiceContext,
  query: Query,
  list: ListExport<Query, Row>,
  pageSize: number,
) {
  const columns = list.columns(ctx);
  yield `${csvByteOrderMark}${csvLine(columns.map((c) => c.header))}\r\n`;
  for (let offset = 0; ; offset += pageSize) {
    const { results } = await list.page(ctx, { ...query, limit: pageSize, offset });
    if (results.length > 0) {
      let chunk = '';
      for (const row of results) chunk += `${csvLine(columns.map((c) => c.value(row)))}\r\n`;
      yield chunk;
    }
    if (results.length < pageSize) return;
  }
}

// The first page is read before the reply starts, so a refusal (a foreign filter id, the database
// down) is still an ordinary error reply; a failure after that cuts the download short, and the
// browser reports it as failed rather than saving half a file as whole.
export async function sendListExport<Query, Row>(
  reply: FastifyReply,
  ctx: ServiceContext,
  query: Query,
  list: ListExport<Query, Row>,
) {
  const rows = csvOf(ctx, query, list, ctx.config.exportPageSize);
  const header = await rows.next();
  const first = await rows.next();
  async function* all() {
    if (!header.done) yield header.value;
    if (first.done) return;
    yield first.value;
    yield* rows;
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(list.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Readable.from(all(), { objectMode: false }));
}

type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

// GET /export/{list}: the route every list's export is, beside the list's own route. It takes the
// list's query schema less paging and the list's permission, so only the names differ between lists.
export function listExportRoute<Schema extends z.ZodType, Row>(
  app: RoutesApp,
  route: ListExport<z.output<Schema>, Row> & {
    path: string;
    permission: Permission;
    tags: string[];
    summary: string;
    querystring: Schema;
  },
) {
  app.get(
    route.path,
    {
      config: { permission: route.permission },
      schema: {
        tags: route.tags,
        summary: route.summary,
        querystring: route.querystring,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      sendListExport(reply, contextOf(request), request.query as z.output<Schema>, route),
  );
}
