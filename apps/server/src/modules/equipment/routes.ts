import { envelope, listOf, messageOnly } from '@lightpath/domain/api';
import {
  alarmSchema,
  alarmsFreshnessSchema,
  cardListQuerySchema,
  cardSchema,
  shelfCheckSchema,
  shelfCreateSchema,
  shelfCsvColumns,
  shelfDetailSchema,
  shelfEquipmentParamsSchema,
  shelfExportQuerySchema,
  shelfInventoryParamsSchema,
  shelfListQuerySchema,
  shelfListSchema,
  shelfParamsSchema,
  shelfPortSchema,
  shelfSchema,
  shelfUpdateRequestSchema,
  shelfUpdateSchema,
  shelfUpdateWrites,
  siteEquipmentParamsSchema,
  spackStatsSchema,
} from '@lightpath/domain/equipment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute, readerZone } from '../../platform/csv-export';
import { sendDownload } from '../../platform/download';
import { done, ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import {
  alarmsFreshness,
  checkOrUpdateShelf,
  createShelf,
  deleteShelf,
  getShelf,
  getShelfDetail,
  listCardsFor,
  listShelfAlarmsFor,
  listShelfPortsFor,
  listShelvesFor,
  listSiteEquipment,
  shelfInventory,
  spackStatsOf,
  updateShelf,
} from './service';

const tags = ['equipment'];
// Shelves with their cards, ports (and the services on them), parts and alarms from the Zabbix sync.
const equipmentReads: ReplyCacheRule = {
  reads: [
    'shelves',
    'equipment_cards',
    'equipment_ports',
    'equipment_parts',
    'equipment_alarms',
    'sites',
    'customers',
    'services',
  ],
};

// Spec 7.7: shelves, cards, a shelf with its ports and alarms, Update Shelf, the inventory download,
// a site's equipment and the software release statistics. Provider staff only (decisions.md).
export const equipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const shelfExistsFirst = foundFirst(shelfParamsSchema, (ctx, { id }) => getShelf(ctx, id));
  const namedShelfExistsFirst = foundFirst(shelfEquipmentParamsSchema, (ctx, { equipmentid }) =>
    getShelf(ctx, equipmentid),
  );

  app.get(
    '/shelves',
    {
      config: { permission: 'equipment.view', replyCache: equipmentReads },
      schema: {
        tags,
        summary:
          'List the shelves with their site, vendor, model, software release (spack) and active alarms by level. Filter by siteid, customerid (shelves at its sites or carrying its services), vendor, alarmlevel and q (name, IP address, model); sort by equipmentname, ipaddress, sitename, vendor, model, spack or alarms (worst first when descending)',
        querystring: shelfListQuerySchema,
        response: { 200: listOf(shelfSchema) },
      },
    },
    async (request) => ok(await listShelvesFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/equipment',
    permission: 'equipment.view',
    tags,
    summary:
      "The equipment list as a CSV file: every shelf in scope its filters and sort select, all pages, streamed; times in the reader's zone. The same query as GET shelves, without limit and offset",
    querystring: shelfExportQuerySchema,
    filename: 'equipment.csv',
    columns: (ctx) => shelfCsvColumns(readerZone(ctx)),
    page: listShelvesFor,
  });

  app.get(
    '/equipmentcards',
    {
      config: { permission: 'equipment.view', replyCache: equipmentReads },
      schema: {
        tags,
        summary:
          'List the cards in every shelf (slot, card type, equipid, state, serial). Filter by equipmentid, state and q (card type, equipid, serial); sort by equipmentname, slot, cardtype, equipid or state',
        querystring: cardListQuerySchema,
        response: { 200: listOf(cardSchema) },
      },
    },
    async (request) => ok(await listCardsFor(contextOf(request), request.query)),
  );

  app.get(
    '/equipment/:id',
    {
      config: { permission: 'equipment.view', replyCache: equipmentReads },
      schema: {
        tags,
        summary:
          'A shelf with its cards by slot, its ports (with the service on each), its parts (power supplies, fans, optics) and its active alarms',
        params: shelfParamsSchema,
        response: { 200: envelope(shelfDetailSchema) },
      },
    },
    async (request) => ok(await getShelfDetail(contextOf(request), request.params.id)),
  );

  app.get(
    '/equipment/:id/ports',
    {
      config: { permission: 'equipment.view', replyCache: equipmentReads },
      schema: {
        tags,
        summary:
          "A shelf's ports in slot order, each with its state, handoff flag, uuid and the service on it",
        params: shelfParamsSchema,
        response: { 200: envelope(shelfPortSchema.array()) },
      },
    },
    async (request) => ok(await listShelfPortsFor(contextOf(request), request.params.id)),
  );

  app.get(
    '/equipment/alarms/freshness',
    {
      // Zabbix's recorded outcomes change with every failure (at most one write a second) and recovery.
      config: { permission: 'equipment.view', replyCache: { reads: ['integration_status'] } },
      schema: {
        tags,
        summary:
          'Whether the alarms shown are current: their source, and while a real Zabbix is not answering, when it last answered and when it was last tried (alarms stay as Zabbix last reported them)',
        response: { 200: envelope(alarmsFreshnessSchema) },
      },
    },
    async (request) => ok(await alarmsFreshness(contextOf(request))),
  );

  app.get(
    '/equipment/:id/alarms',
    {
      config: { permission: 'equipment.view', replyCache: equipmentReads },
      schema: {
        tags,
        summary: "A shelf's active alarms (Zabbix problems on its host), worst first, then newest",
        params: shelfParamsSchema,
        response: { 200: envelope(alarmSchema.array()) },
      },
    },
    async (request) => ok(await listShelfAlarmsFor(contextOf(request), request.params.id)),
  );

  app.post(
    '/equipment',
    {
      config: { permission: 'equipment.manage' },
      schema: {
        tags,
        summary:
          'Add a shelf at a site. Its name is unique ignoring case (Zabbix and NetBox know it by name)',
        body: shelfCreateSchema,
        response: { 201: envelope(shelfSchema) },
      },
    },
    async (request, reply) => {
      const { shelf, message } = await createShelf(contextOf(request), request.body);
      return reply.status(201).send(ok(shelf, message));
    },
  );

  app.put(
    '/equipment/:equipmentid',
    {
      config: { permission: 'equipment.manage' },
      preValidation: namedShelfExistsFirst,
      schema: {
        tags,
        summary: "Change a shelf's name, address, site, vendor, model, software release or serial",
        params: shelfEquipmentParamsSchema,
        body: shelfUpdateSchema,
        response: { 200: envelope(shelfSchema) },
      },
    },
    async (request) => {
      const { shelf, message } = await updateShelf(
        contextOf(request),
        request.params.equipmentid,
        request.body,
      );
      return ok(shelf, message);
    },
  );

  app.delete(
    '/equipment/:id',
    {
      config: { permission: 'equipment.delete' },
      schema: {
        tags,
        summary:
          'Remove a shelf with its cards, ports, parts and alarms (the NOC). Refused with 409 while a service in service runs on one of its ports',
        params: shelfParamsSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => done(await deleteShelf(contextOf(request), request.params.id)),
  );

  app.post(
    '/equipment/:id/update',
    {
      config: { permission: 'equipment.manage' },
      preValidation: shelfExistsFirst,
      schema: {
        tags,
        summary: `Update Shelf (spec 2.6, 4). action \`check\` asks the device and compares: state 0 when it could not be checked, 2 when checked (uptodate, or the differences, which are also mailed to the NOC inbox). action \`update\` writes what the device reports (${shelfUpdateWrites}): state 4 and '{shelf} updated successfully!', or 502 '{shelf} did not update successfuly'. equipmentid in the body must be the shelf in the path`,
        params: shelfParamsSchema,
        body: shelfUpdateRequestSchema,
        response: { 200: envelope(shelfCheckSchema) },
      },
    },
    async (request) => {
      const { check, message } = await checkOrUpdateShelf(
        contextOf(request),
        request.params.id,
        request.body,
      );
      return ok(check, message);
    },
  );

  app.get(
    '/equipment/:equipmentid/inventory/:format',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags,
        summary: "Download a shelf's inventory (the shelf, its cards and its ports) as csv or json",
        params: shelfInventoryParamsSchema,
        produces: ['text/csv', 'application/json'],
      },
    },
    async (request, reply) => {
      const { equipmentid, format } = request.params;
      return sendDownload(reply, await shelfInventory(contextOf(request), equipmentid, format));
    },
  );

  app.get(
    '/site/:siteid/equipment',
    {
      config: { permission: 'equipment.view', replyCache: equipmentReads },
      schema: {
        tags,
        summary: 'The shelves at a site, by name, with their alarms by level',
        params: siteEquipmentParamsSchema,
        response: { 200: envelope(shelfListSchema) },
      },
    },
    async (request) => ok(await listSiteEquipment(contextOf(request), request.params.siteid)),
  );

  app.get(
    '/tools/spackstats/:id',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags,
        summary:
          "A shelf's software release against the one recommended for its model, and how many shelves of that model run each release",
        params: shelfParamsSchema,
        response: { 200: envelope(spackStatsSchema) },
      },
    },
    async (request) => ok(await spackStatsOf(contextOf(request), request.params.id)),
  );
};
