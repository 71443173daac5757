import { envelope } from '@lightpath/domain/api';
import {
  dashboardSummarySchema,
  itemsNeedingAttentionSchema,
  mapQuerySchema,
  networkMapSchema,
  networkProblemsSchema,
} from '@lightpath/domain/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { contextOf } from '../../platform/service-context';
import { dashboardSummaryFor, itemsNeedingAttentionFor, mapFor, networkProblemsFor } from './service';

const tags = ['dashboard'];

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/summary',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary: 'Dashboard cards: enabled services by condition, sites by status and condition (in scope)',
        response: { 200: envelope(dashboardSummarySchema) },
      },
    },
    async (request) => ok(await dashboardSummaryFor(contextOf(request))),
  );

  app.get(
    '/network-problems',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary: 'Sites and services in scope with a current event, worst first, with the events',
        response: { 200: envelope(networkProblemsSchema) },
      },
    },
    async (request) => ok(await networkProblemsFor(contextOf(request))),
  );

  // services.view rather than sites.view: half of the checks are about services, and the people
  // without it (technicians) have a job-tickets dashboard instead (spec 2.2).
  app.get(
    '/itemsneedingattention',
    {
      config: { permission: 'services.view' },
      schema: {
        tags,
        summary:
          'Data-quality checks on sites and services in scope (each side of the list capped, count complete)',
        response: { 200: envelope(itemsNeedingAttentionSchema) },
      },
    },
    async (request) => ok(await itemsNeedingAttentionFor(contextOf(request))),
  );

  app.get(
    '/map',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary:
          'Network map: placed physical and interconnect sites with their condition, and one link per pair of sites with enabled services between them (the worst condition, a service id, how many services)',
        querystring: mapQuerySchema,
        response: { 200: envelope(networkMapSchema) },
      },
    },
    async (request) => ok(await mapFor(contextOf(request), request.query.customerid)),
  );
};
