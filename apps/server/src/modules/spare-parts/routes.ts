import { envelope, listOf, messageOnly } from '@lightpath/domain/api';
import {
  sparePartCreateSchema,
  sparePartCsvColumns,
  sparePartExportQuerySchema,
  sparePartListQuerySchema,
  sparePartMessages,
  sparePartMovementSchema,
  sparePartParamsSchema,
  sparePartSchema,
  sparePartUpdateSchema,
} from '@lightpath/domain/spare-parts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute, readerZone } from '../../platform/csv-export';
import { done, ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import {
  createSparePart,
  deleteSparePart,
  getSparePart,
  listSparePartsFor,
  recordSparePartMovement,
  updateSparePart,
} from './service';

const tags = ['spare parts'];
const sparePartReads: ReplyCacheRule = { reads: ['spare_parts', 'spare_part_movements', 'sites', 'users'] };

// Spec 7.7: GET/POST inventory, PUT/DELETE inventory/{uuid}, POST inventory/ventia.
export const sparePartRoutes: FastifyPluginAsyncZod = async (app) => {
  const partExistsFirst = foundFirst(sparePartParamsSchema, (ctx, { uuid }) => getSparePart(ctx, uuid));
  // The movement names its part in the body: a well-formed but unknown uuid is 404 before the rest of
  // the body is checked, as for a record in the path.
  const movedPartExistsFirst = foundFirst(sparePartParamsSchema.partial(), async (ctx, _params, request) => {
    const named = sparePartParamsSchema.safeParse({
      uuid: (request.body as { uuid?: unknown } | null)?.uuid,
    });
    if (named.success) await getSparePart(ctx, named.data.uuid);
  });

  app.get(
    '/inventory',
    {
      config: { permission: 'equipment.view', replyCache: sparePartReads },
      schema: {
        tags,
        summary:
          'List the spare parts in the depots, each with its last take or return. Filter by depotsiteid, state and q (part number, description, serial); sort by partnumber, description, serial, depotsitename, quantity, state or updated',
        querystring: sparePartListQuerySchema,
        response: { 200: listOf(sparePartSchema) },
      },
    },
    async (request) => ok(await listSparePartsFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/inventory',
    permission: 'equipment.view',
    tags,
    summary:
      "The spare parts list as a CSV file: every part its filters and sort select, all pages, streamed; times in the reader's zone. The same query as GET inventory, without limit and offset",
    querystring: sparePartExportQuerySchema,
    filename: 'spare-parts.csv',
    columns: (ctx) => sparePartCsvColumns(readerZone(ctx)),
    page: listSparePartsFor,
  });

  app.post(
    '/inventory',
    {
      config: { permission: 'equipment.manage' },
      schema: {
        tags,
        summary:
          "Add a spare part at a depot (one of the provider's PoP or exchange sites). A part with a serial number is one part: quantity 0 or 1",
        body: sparePartCreateSchema,
        response: { 201: envelope(sparePartSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await createSparePart(contextOf(request), request.body), sparePartMessages.created)),
  );

  app.post(
    '/inventory/ventia',
    {
      config: { permission: 'spareparts.record' },
      preValidation: movedPartExistsFirst,
      schema: {
        tags,
        summary:
          "A field technician's record of a spare part taken from (action take) or returned to (action return) its depot, with an optional job reference and note. Taking more than the depot holds, or a part not Available, is refused",
        body: sparePartMovementSchema,
        response: { 200: envelope(sparePartSchema) },
      },
    },
    async (request) => {
      const { part, message } = await recordSparePartMovement(contextOf(request), request.body);
      return ok(part, message);
    },
  );

  app.put(
    '/inventory/:uuid',
    {
      config: { permission: 'equipment.manage' },
      preValidation: partExistsFirst,
      schema: {
        tags,
        summary: 'Update a spare part: any of its fields, including a stock count correction',
        params: sparePartParamsSchema,
        body: sparePartUpdateSchema,
        response: { 200: envelope(sparePartSchema) },
      },
    },
    async (request) =>
      ok(
        await updateSparePart(contextOf(request), request.params.uuid, request.body),
        sparePartMessages.updated,
      ),
  );

  app.delete(
    '/inventory/:uuid',
    {
      config: { permission: 'equipment.manage' },
      schema: {
        tags,
        summary: 'Delete a spare part and its take and return history',
        params: sparePartParamsSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await deleteSparePart(contextOf(request), request.params.uuid);
      return done(sparePartMessages.deleted);
    },
  );
};
