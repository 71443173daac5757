import { envelope, failure } from '@lightpath/domain/api';
import { shelfParamsSchema } from '@lightpath/domain/equipment';
import { netboxCompareSchema, netboxSyncRequestSchema } from '@lightpath/domain/netbox-inventory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import { contextOf } from '../../platform/service-context';
import { compareWithNetBox, syncWithNetBox } from './netbox-checks';
import { getShelf } from './service';

const tags = ['equipment'];

// NetBox checks (issue 14 item 4; spec 2.2's compare and sync pages): provider staff compare a shelf
// with NetBox's record of it; engineers and the NOC write the differences they pick to NetBox.
export const netboxCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const shelfExistsFirst = foundFirst(shelfParamsSchema, (ctx, { id }) => getShelf(ctx, id));

  app.get(
    '/equipment/:id/netbox',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags,
        summary:
          "A shelf as discovered beside NetBox's record of the device of the same name (device, modules by bay, interfaces, inventory items) and the differences, each with a stable id. record is null when NetBox has no such device. 502 when NetBox cannot be reached",
        params: shelfParamsSchema,
        response: { 200: envelope(netboxCompareSchema), 502: failure },
      },
    },
    async (request) => ok(await compareWithNetBox(contextOf(request), request.params.id)),
  );

  app.post(
    '/equipment/:id/netbox/sync',
    {
      config: { permission: 'equipment.manage' },
      preValidation: shelfExistsFirst,
      schema: {
        tags,
        summary:
          "Write the chosen differences (ids from the compare) to NetBox, in order, from the shelf as discovered now. 400 when an id is not a difference any more (reload and choose again); 502 when NetBox cannot be reached or refuses (with NetBox's reasons), after the writes before it. Answers the fresh compare and 'N changes written to NetBox'",
        params: shelfParamsSchema,
        body: netboxSyncRequestSchema,
        response: { 200: envelope(netboxCompareSchema), 502: failure },
      },
    },
    async (request) => {
      const { compare, message } = await syncWithNetBox(contextOf(request), request.params.id, request.body);
      return ok(compare, message);
    },
  );
};
