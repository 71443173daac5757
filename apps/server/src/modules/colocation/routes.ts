import { envelope, listOf } from '@lightpath/domain/api';
import {
  colocationMessages,
  crossConnectCreateSchema,
  crossConnectCsvColumns,
  crossConnectExportQuerySchema,
  crossConnectListQuerySchema,
  crossConnectParamsSchema,
  crossConnectSchema,
  crossConnectUpdateSchema,
  rackSpaceCreateSchema,
  rackSpaceCsvColumns,
  rackSpaceExportQuerySchema,
  rackSpaceListQuerySchema,
  rackSpaceParamsSchema,
  rackSpaceSchema,
  rackSpaceUpdateSchema,
} from '@lightpath/domain/colocation';
import { loaVerificationSchema, loaVerifyParamsSchema } from '@lightpath/domain/loa';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute, readerZone } from '../../platform/csv-export';
import { sendDownload } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { foundFirst } from '../../platform/found-first';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { serverKey } from '../../platform/server-secret';
import { contextOf, publicContextOf } from '../../platform/service-context';
import { issueLoa, verifyLoa } from './loa';
import {
  createCrossConnect,
  createRackSpace,
  listCrossConnectsFor,
  listRackSpacesFor,
  requireCrossConnectFor,
  requireRackSpaceFor,
  updateCrossConnect,
  updateRackSpace,
} from './service';

const tags = ['co-location'];
// Both lists read both tables (a rack space counts its cross-connects; a cross-connect names its
// ends' rack ids), with the sites and customers they name.
const colocationReads: ReplyCacheRule = { reads: ['rack_spaces', 'cross_connects', 'sites', 'customers'] };

// Spec 7.6: GET rackspaces; POST rackspace; PUT rackspace/{originalRackID}; GET crossconnects;
// POST crossconnect; PUT crossconnect/{crossconnectid}.
export const colocationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.dependencies;
  // Letters of Authorisation are signed with a key of their own (docs/decisions/033), read once.
  const loaKey = await serverKey(db, config, 'loa');
  const rackInScopeFirst = foundFirst(rackSpaceParamsSchema, (ctx, { originalRackID }) =>
    requireRackSpaceFor(ctx, ctx.db, originalRackID),
  );
  const crossConnectInScopeFirst = foundFirst(crossConnectParamsSchema, (ctx, { crossconnectid }) =>
    requireCrossConnectFor(ctx, ctx.db, crossconnectid),
  );

  app.get(
    '/rackspaces',
    {
      config: { permission: 'colocation.view', replyCache: colocationReads },
      schema: {
        tags,
        summary:
          'List rack spaces in scope, each with its site, customer and number of cross-connects. Filter by customerid, siteid, status (active: no end date, the ones a cross-connect may be made to; ended), joinswith (the rack spaces a cross-connect from this rack id may reach) and q (rack id, description, site); sort by rackspaceid, description, sitename, customername or enddate',
        querystring: rackSpaceListQuerySchema,
        response: { 200: listOf(rackSpaceSchema) },
      },
    },
    async (request) => ok(await listRackSpacesFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/rackspaces',
    permission: 'colocation.view',
    tags,
    summary:
      "The rack spaces list as a CSV file: every rack space in scope its filters and sort select, all pages, streamed; end dates as days in the reader's zone. The same query as GET rackspaces, without limit and offset",
    querystring: rackSpaceExportQuerySchema,
    filename: 'rack-spaces.csv',
    columns: (ctx) => rackSpaceCsvColumns(readerZone(ctx)),
    page: listRackSpacesFor,
  });

  app.post(
    '/rackspace',
    {
      config: { permission: 'colocation.manage' },
      schema: {
        tags,
        summary:
          "Create a rack space for a customer at one of the network's PoPs or exchanges, or at a physical site of the customer. The rack id is unique across the network (409 if taken)",
        body: rackSpaceCreateSchema,
        response: { 201: envelope(rackSpaceSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(await createRackSpace(contextOf(request), request.body), colocationMessages.rackSpaceCreated),
        ),
  );

  app.put(
    '/rackspace/:originalRackID',
    {
      config: { permission: 'colocation.manage' },
      preValidation: rackInScopeFirst,
      schema: {
        tags,
        summary:
          'Update a rack space named by its current rack id: rename it (rackspaceid), describe it, or set or clear its end date (unix seconds). Its site and customer never change',
        params: rackSpaceParamsSchema,
        body: rackSpaceUpdateSchema,
        response: { 200: envelope(rackSpaceSchema) },
      },
    },
    async (request) =>
      ok(
        await updateRackSpace(contextOf(request), request.params.originalRackID, request.body),
        colocationMessages.rackSpaceUpdated,
      ),
  );

  app.get(
    '/crossconnects',
    {
      config: { permission: 'colocation.view', replyCache: colocationReads },
      schema: {
        tags,
        summary:
          'List cross-connects in scope with both ends (rack id, panel, port). Filter by customerid, siteid and q (cross-connect number, rack ids, panels, ports, site); sort by crossconnectid, sitename, customername, aendrackspaceid, bendrackspaceid or created',
        querystring: crossConnectListQuerySchema,
        response: { 200: listOf(crossConnectSchema) },
      },
    },
    async (request) => ok(await listCrossConnectsFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/crossconnects',
    permission: 'colocation.view',
    tags,
    summary:
      "The cross-connects list as a CSV file: every cross-connect in scope its filters and sort select, all pages, streamed; times in the reader's zone. The same query as GET crossconnects, without limit and offset",
    querystring: crossConnectExportQuerySchema,
    filename: 'cross-connects.csv',
    columns: (ctx) => crossConnectCsvColumns(readerZone(ctx)),
    page: listCrossConnectsFor,
  });

  app.post(
    '/crossconnect',
    {
      config: { permission: 'colocation.manage' },
      schema: {
        tags,
        summary:
          "Join two rack spaces at one site. The cross-connect is the A end's customer's; the B end is that customer's or the network's own. A rack space with an end date cannot be chosen",
        body: crossConnectCreateSchema,
        response: { 201: envelope(crossConnectSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await createCrossConnect(contextOf(request), request.body),
            colocationMessages.crossConnectCreated,
          ),
        ),
  );

  app.put(
    '/crossconnect/:crossconnectid',
    {
      config: { permission: 'colocation.manage' },
      preValidation: crossConnectInScopeFirst,
      schema: {
        tags,
        summary:
          'Update a cross-connect: move either end to another rack space (same rules as on create) or change a panel or port',
        params: crossConnectParamsSchema,
        body: crossConnectUpdateSchema,
        response: { 200: envelope(crossConnectSchema) },
      },
    },
    async (request) =>
      ok(
        await updateCrossConnect(contextOf(request), request.params.crossconnectid, request.body),
        colocationMessages.crossConnectUpdated,
      ),
  );

  app.get(
    '/crossconnect/:crossconnectid/loa',
    {
      config: { permission: 'colocation.view' },
      schema: {
        tags,
        summary:
          "A Letter of Authorisation for a cross-connect in scope, as a PDF (`LoA XC-00042.pdf`): the customer, the site, both ends (rack, panel, port), an expiry 30 days on, and a link and QR code to GET /api/loa/verify/{token}'s page. 409 when either rack space has an end date. Each letter issued is audited",
        params: crossConnectParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      // The link is printed: PUBLIC_URL when set, else the address this request came in on.
      const origin = config.publicUrlSet ? config.publicUrl : `${request.protocol}://${request.host}`;
      const letter = await issueLoa(contextOf(request), request.params.crossconnectid, {
        key: loaKey,
        origin,
      });
      return sendDownload(reply, letter);
    },
  );

  // What a letter's QR code leads to, through the web page /loa/verify/{token}: no session, and an
  // answer that names nothing (valid with its expiry, expired, or unknown).
  app.get(
    '/loa/verify/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "Check a Letter of Authorisation's token without signing in: valid (with its expiry, unix seconds), expired (lapsed, or its cross-connect has since changed or lost a rack space) or unknown (not a letter this portal issued). Always 200; the reply holds nothing else",
        security: [],
        params: loaVerifyParamsSchema,
        response: { 200: envelope(loaVerificationSchema) },
      },
    },
    async (request, reply) => {
      // Never kept by a browser or proxy: the answer changes with the clock and the cross-connect.
      reply.header('cache-control', 'no-store');
      return ok(await verifyLoa(publicContextOf(request), loaKey, request.params.token));
    },
  );
};
