import fastifyMultipart from '@fastify/multipart';
import { envelope, listOf } from '@lightpath/domain/api';
import {
  invoiceCreateFields,
  invoiceCsvColumns,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoiceMessages,
  invoiceParamsSchema,
  invoiceSchema,
} from '@lightpath/domain/invoices';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute, readerZone } from '../../platform/csv-export';
import { sendDownload } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { AppError, Invalid } from '../../platform/errors';
import { pdfContentType } from '../../platform/pdf-document';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import { createInvoice, invoicePdfFor, listInvoicesFor, type ReceivedPdf } from './service';

const tags = ['invoices'];
const invoiceReads: ReplyCacheRule = { reads: ['invoices', 'customers'] };
const knownFields = new Set<string>(invoiceCreateFields);

// Reads the form: its text fields and one file under 'file', within the size limit. A field the
// form does not have is refused rather than ignored, as JSON bodies are (strict objects).
async function receiveInvoiceForm(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw new AppError(415, invoiceMessages.notMultipart);
  const fields: Record<string, string> = {};
  let file: ReceivedPdf | null = null;
  try {
    for await (const part of request.parts({
      // Names as sent, not cut to their last segment, so that a name with a path in it is refused
      // (uploadNameProblem) as it is on the access form.
      preservePath: true,
      // One field over what the form has, so that a stray one is refused by its name.
      limits: { fileSize: maxBytes, files: 1, fields: invoiceCreateFields.length + 1, parts: 20 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw Invalid.field(part.fieldname, invoiceMessages.unknownField(part.fieldname));
        file = { name: part.filename, bytes: await part.toBuffer() };
      } else {
        if (!knownFields.has(part.fieldname))
          throw Invalid.field(part.fieldname, invoiceMessages.unknownField(part.fieldname));
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    switch ((error as { code?: string }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new AppError(413, invoiceMessages.pdfTooLarge(maxBytes), [
          { path: 'file', message: invoiceMessages.pdfTooLarge(maxBytes) },
        ]);
      case 'FST_FILES_LIMIT':
        throw Invalid.field('file', invoiceMessages.onePdfOnly);
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_PROTO_VIOLATION':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        throw new Invalid(invoiceMessages.notMultipart);
      default:
        throw error;
    }
  }
  return { fields, file };
}

// Spec 7.6: GET invoices/json. The PDF of each, the list's CSV export, and the NOC's upload.
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.dependencies;
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  app.get(
    '/invoices/json',
    {
      config: { permission: 'invoices.view', replyCache: invoiceReads },
      schema: {
        tags,
        summary:
          'List invoices in scope, newest first: number (invoiceid), issue date (invoicedate, unix seconds), period (dates), amount and GST in cents with the currency, status (issued, paid, overdue, void). Filter by customerid, status, period (a year 2026 or a month 2026-03: the period starts in it) and q (number or customer); sort by invoicedate, invoiceid, periodstart, amount, status or customername',
        querystring: invoiceListQuerySchema,
        response: { 200: listOf(invoiceSchema) },
      },
    },
    async (request) => ok(await listInvoicesFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/invoices',
    permission: 'invoices.view',
    tags,
    summary:
      "The invoices list as a CSV file: every invoice in scope its filters and sort select, all pages, streamed; issue times in the reader's zone. The same query as GET invoices/json, without limit and offset",
    querystring: invoiceExportQuerySchema,
    filename: 'invoices.csv',
    columns: (ctx) => invoiceCsvColumns(readerZone(ctx)),
    page: listInvoicesFor,
  });

  app.get(
    '/invoices/:invoiceuuid/pdf',
    {
      config: { permission: 'invoices.view' },
      schema: {
        tags,
        summary: "An invoice's PDF, as a download. Another customer's invoice is 404",
        params: invoiceParamsSchema,
        produces: [pdfContentType],
      },
    },
    async (request, reply) => {
      const pdf = await invoicePdfFor(contextOf(request), request.params.invoiceuuid);
      return sendDownload(reply, { filename: pdf.filename, contentType: pdfContentType, body: pdf.bytes });
    },
  );

  app.post(
    '/invoices',
    {
      config: { permission: 'invoices.manage' },
      schema: {
        tags,
        summary: `Add an invoice with its PDF (the NOC): multipart/form-data with the fields customerid, invoiceid (the billing system's number, unique: 409 if taken), invoicedate (unix seconds), periodstart and periodend (YYYY-MM-DD), amount and gst (cents, GST included in the amount), currency (default AUD), status (issued, paid, overdue or void; default issued), and the PDF under 'file'. The file must be a PDF by its content (%PDF-). Refusals write nothing: 400 (a bad field, a missing or non-PDF file, a path or control character in its name), 413 (a file over the upload limit)`,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(invoiceSchema) },
      },
    },
    async (request, reply) => {
      const { fields, file } = await receiveInvoiceForm(request, config.uploads.maxBytes);
      const invoice = await createInvoice(contextOf(request), fields, file);
      return reply.status(201).send(ok(invoice, invoiceMessages.created));
    },
  );
};
