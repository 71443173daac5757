import { generateCsvSchema, generatedCsv, generatedCsvFilename } from '@lightpath/domain/csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyLimits } from '../../platform/body-limits';
import { sendDownload } from '../../platform/download';

const tags = ['exports'];

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec 7.6: a page's rows back as a CSV download named '{title} .csv' (the page then says 'Report
  // Generated'). It reads nothing of the portal's: the caller sends what it already has on screen.
  app.post(
    '/generatecsv',
    {
      bodyLimit: bodyLimits.rowsToCsv,
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary:
          "Turn rows into a CSV download named '{title} .csv': data is a list of rows, each an object of cells (text, numbers, true/false or null); the columns are the cell names in the order the rows first use them. At most 50,000 rows and 100 columns. Cells starting with = + - or @ are written as text, and the file starts with a byte order mark so Excel reads it as UTF-8",
        body: generateCsvSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      sendDownload(reply, {
        filename: generatedCsvFilename(request.body.title),
        contentType: 'text/csv; charset=utf-8',
        body: generatedCsv(request.body),
      }),
  );
};
