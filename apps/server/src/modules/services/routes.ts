import { envelope, listOf, messageOnly } from '@lightpath/domain/api';
import type { CountKey } from '@lightpath/domain/navigation';
import {
  serviceCreateSchema,
  serviceGroupNames,
  serviceListQuerySchema,
  serviceMessages,
  serviceParamsSchema,
  serviceSchema,
  serviceSummarySchema,
  serviceUpdateSchema,
} from '@lightpath/domain/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, RawQuery } from '../../db/client';
import { done, ok } from '../../platform/envelope';
import { signedIn } from '../../platform/request-context';
import { countProviders } from '../portal/routes';
import {
  createService,
  deleteService,
  deprovisionService,
  getServiceFor,
  listServicesFor,
  serviceCountsFor,
  updateService,
} from './service';

const tags = ['services'];

export const serviceRoutes: FastifyPluginAsyncZod<{ db: Db; query: RawQuery }> = async (
  app,
  { db, query },
) => {
  // Sidebar counts of services in use, per group (the third-party count is the integrations').
  for (const key of ['all', ...serviceGroupNames] as const) {
    countProviders[`services.${key}` satisfies CountKey] = async (requestDb, actor) =>
      (await serviceCountsFor(requestDb, actor))[key];
  }

  app.get(
    '/services',
    {
      config: { permission: 'services.view' },
      schema: {
        tags,
        summary:
          'List services in scope. Without status: services in use; status=0 lists deprovisioned ones. Sort by serviceid, description, customercode, aendsitename, speed, provisiondate or condition',
        querystring: serviceListQuerySchema,
        response: { 200: listOf(serviceSummarySchema) },
      },
    },
    async (request) => ok(await listServicesFor(query, signedIn(request).actor, request.query)),
  );

  app.get(
    '/service/:serviceid',
    {
      config: { permission: 'services.view' },
      schema: {
        tags,
        summary: 'One service with its patching, customer and current condition',
        params: serviceParamsSchema,
        response: { 200: envelope(serviceSchema) },
      },
    },
    async (request) => ok(await getServiceFor(query, signedIn(request).actor, request.params.serviceid)),
  );

  app.post(
    '/service',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary:
          "New service: the id must start with the customer's code and carry the numbers of its enabled A and B sites",
        body: serviceCreateSchema,
        response: { 201: envelope(serviceSchema) },
      },
    },
    async (request, reply) => {
      const service = await createService(db, query, request, signedIn(request).actor, request.body);
      return reply.status(201).send(ok(service, serviceMessages.created(service.serviceid)));
    },
  );

  app.put(
    '/service/:serviceid',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: 'Update a service (its id, customer and sites are fixed); patching fields sent are replaced',
        params: serviceParamsSchema,
        body: serviceUpdateSchema,
        response: { 200: envelope(serviceSchema) },
      },
    },
    async (request) => {
      const { serviceid } = request.params;
      const service = await updateService(
        db,
        query,
        request,
        signedIn(request).actor,
        serviceid,
        request.body,
      );
      return ok(service, serviceMessages.updated(serviceid));
    },
  );

  app.delete(
    '/service/:serviceid',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: 'Delete a service',
        params: serviceParamsSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      const { serviceid } = request.params;
      await deleteService(db, request, signedIn(request).actor, serviceid);
      return done(serviceMessages.deleted(serviceid));
    },
  );

  app.post(
    '/service/:serviceid/deprovision',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: 'Deprovision a service: status 0 and the time; a disabled service answers 409',
        params: serviceParamsSchema,
        response: { 200: envelope(serviceSchema) },
      },
    },
    async (request) => {
      const { serviceid } = request.params;
      const service = await deprovisionService(db, query, request, signedIn(request).actor, serviceid);
      return ok(service, serviceMessages.deprovisioned(serviceid));
    },
  );
};
