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
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, RawQuery } from '../../db/client';
import { type NetBox, netboxMessages } from '../../integrations/netbox/netbox';
import { ok } from '../../platform/envelope';
import { signedIn } from '../../platform/request-context';
import { countProviders } from '../portal/routes';
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

// Third-party circuits, their pick lists and the handoff finder are the NOC's (sidebar: type 1 only),
// so every route here needs services.manage.
export const netboxRoutes: FastifyPluginAsyncZod<{
  db: Db;
  query: RawQuery;
  netbox: NetBox;
  providerName: string;
}> = async (app, { db, query, netbox, providerName }) => {
  const context = (request: { log: FastifyBaseLogger }) => ({ db, query, netbox, log: request.log });
  const tags = ['netbox'];

  // The sidebar's Third-Party count. A NetBox that does not answer must not break the other counts.
  countProviders['services.thirdparty'] = async (_db, actor) => {
    if (!can(actor, 'services.manage')) return 0;
    return netbox.countCircuits().catch(() => 0);
  };

  app.get(
    '/netbox/thirdparties',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: 'Third-party virtual circuits, by circuit id; q matches circuit, service and end ids',
        querystring: listQuerySchema,
        response: { 200: listOf(thirdPartySchema), ...failed },
      },
    },
    async (request) => ok(await listThirdParties(context(request), request.query)),
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
      const { actor } = signedIn(request);
      const circuit = await createThirdParty(context(request), request, actor, request.body, providerName);
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
      const circuit = await deleteThirdParty(context(request), request, request.params.id);
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
    async (request) => ok({ results: await listProviders(context(request), providerName) }),
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
    async (request) => ok({ results: await listCircuitTypes(context(request)) }),
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
    async (request) => ok({ results: await listHeadEnds(context(request)) }),
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
    async (request) => ok(await findHandoffs(context(request), request.params.serviceid)),
  );
};
