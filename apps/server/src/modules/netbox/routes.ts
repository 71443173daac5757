import { envelope, failure, listOf, listQuerySchema } from '@lightpath/domain/api';
import { can } from '@lightpath/domain/permissions';
import {
  handoffCandidatesSchema,
  netboxHeadEndsSchema,
  netboxNamedListSchema,
  serviceParamsSchema,
  thirdPartyCreateSchema,
  thirdPartyParamsSchema,
  thirdPartySchema,
} from '@lightpath/domain/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { netboxMessages } from '../../integrations/netbox/netbox';
import { ok } from '../../platform/envelope';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
import {
  createThirdParty,
  deleteThirdParty,
  findHandoffs,
  listCircuitTypes,
  listHeadEnds,
  listProviders,
  listThirdParties,
} from './service';

const failed = { 502: failure };

const netboxFresh: ReplyCacheRule = { fresh: 'asked of NetBox, which tells the portal of no change' };

// Third-party circuits, their pick lists and the handoff finder are the NOC's (sidebar: type 1 only),
// so every route here needs services.manage.
export const netboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['netbox'];

  // The sidebar's Third-Party count. A NetBox that does not answer must not break the other counts.
  app.navigationCounts.provide('services.thirdparty', async (ctx) => {
    if (!can(ctx.caller.actor, 'services.manage')) return 0;
    return ctx.netbox.countCircuits().catch(() => 0);
  });

  app.get(
    '/netbox/thirdparties',
    {
      config: { permission: 'services.manage', replyCache: netboxFresh },
      schema: {
        tags,
        summary: 'Third-party virtual circuits, by circuit id; q matches circuit, service and end ids',
        querystring: listQuerySchema,
        response: { 200: listOf(thirdPartySchema), ...failed },
      },
    },
    async (request) => ok(await listThirdParties(contextOf(request), request.query)),
  );

  app.post(
    '/netbox/thirdparty',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: 'Record a third-party virtual circuit carrying a service',
        body: thirdPartyCreateSchema,
        response: { 201: envelope(thirdPartySchema), ...failed },
      },
    },
    async (request, reply) => {
      const circuit = await createThirdParty(contextOf(request), request.body);
      return reply.status(201).send(ok(circuit, netboxMessages.created(circuit.circuitid)));
    },
  );

  app.delete(
    '/netbox/thirdparty/:id',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: 'Remove a third-party virtual circuit',
        params: thirdPartyParamsSchema,
        response: { 200: envelope(thirdPartySchema), ...failed },
      },
    },
    async (request) => {
      const circuit = await deleteThirdParty(contextOf(request), request.params.id);
      return ok(circuit, netboxMessages.deleted(circuit.circuitid));
    },
  );

  app.get(
    '/netbox/providers',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: 'Circuit providers (carriers), without the operator itself',
        response: { 200: envelope(netboxNamedListSchema), ...failed },
      },
    },
    async (request) => ok({ results: await listProviders(contextOf(request)) }),
  );

  app.get(
    '/netbox/virtualcircuittypes',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: 'Virtual circuit types',
        response: { 200: envelope(netboxNamedListSchema), ...failed },
      },
    },
    async (request) => ok({ results: await listCircuitTypes(contextOf(request)) }),
  );

  app.get(
    '/netbox/headends',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: 'Head-end devices (the provider edge routers third-party circuits land on)',
        response: {
          200: envelope(netboxHeadEndsSchema),
          ...failed,
        },
      },
    },
    async (request) => ok({ results: await listHeadEnds(contextOf(request)) }),
  );

  app.get(
    '/service/:serviceid/handofffinder',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: 'Candidate handoff ports at both ends for a service id, before or after the service exists',
        params: serviceParamsSchema,
        response: {
          200: envelope(handoffCandidatesSchema),
          ...failed,
        },
      },
    },
    async (request) => ok(await findHandoffs(contextOf(request), request.params.serviceid)),
  );
};
