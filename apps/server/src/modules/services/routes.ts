import { envelope, listOf, messageOnly } from '@lightpath/domain/api';
import {
  serviceCreateSchema,
  serviceCsvColumns,
  serviceExportQuerySchema,
  serviceGroupNames,
  serviceListQuerySchema,
  serviceMessages,
  serviceParamsSchema,
  serviceSchema,
  serviceSummarySchema,
  serviceUpdateSchema,
} from '@lightpath/domain/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listExportRoute } from '../../platform/csv-export';
import { done, ok } from '../../platform/envelope';
import type { ReplyCacheRule } from '../../platform/reply-cache';
import { contextOf } from '../../platform/service-context';
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

// A service shows its sites, customer and patching, and its condition from the events current now.
const serviceReads: ReplyCacheRule = {
  reads: ['services', 'sites', 'customers', 'service_patching', 'events', 'event_services'],
  eventTime: true,
};

export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sidebar counts of services in use, per group (the third-party count is the integrations').
  for (const key of ['all', ...serviceGroupNames] as const) {
    app.navigationCounts.provide(`services.${key}`, async (ctx) => (await serviceCountsFor(ctx))[key]);
  }

  app.get(
    '/services',
    {
      config: { permission: 'services.view', replyCache: serviceReads },
      schema: {
        tags,
        summary:
          'List services in scope. Without status: services in use; status=0 lists deprovisioned ones. Sort by serviceid, description, customercode, aendsitename, speed, provisiondate or condition. With q, the count is exact up to 1,000 services past offset and a lower bound beyond (countexact false)',
        querystring: serviceListQuerySchema,
        response: { 200: listOf(serviceSummarySchema) },
      },
    },
    async (request) => ok(await listServicesFor(contextOf(request), request.query)),
  );

  listExportRoute(app, {
    path: '/export/services',
    permission: 'services.view',
    tags,
    summary:
      'The services list as a CSV file: every service its filters and sort select, all pages, streamed. The same query as GET services, without limit and offset',
    querystring: serviceExportQuerySchema,
    filename: 'services.csv',
    columns: () => serviceCsvColumns,
    page: listServicesFor,
  });

  app.get(
    '/service/:serviceid',
    {
      config: { permission: 'services.view', replyCache: serviceReads },
      schema: {
        tags,
        summary: 'One service with its patching, customer and current condition',
        params: serviceParamsSchema,
        response: { 200: envelope(serviceSchema) },
      },
    },
    async (request) => ok(await getServiceFor(contextOf(request), request.params.serviceid)),
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
      const service = await createService(contextOf(request), request.body);
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
      const service = await updateService(contextOf(request), serviceid, request.body);
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
      await deleteService(contextOf(request), serviceid);
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
      const service = await deprovisionService(contextOf(request), serviceid);
      return ok(service, serviceMessages.deprovisioned(serviceid));
    },
  );
};
