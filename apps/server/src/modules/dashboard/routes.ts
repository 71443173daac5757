import { idSchema } from '@lightpath/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RawQuery } from '../../db/client';
import { envelope, ok } from '../../platform/envelope';
import { signedIn } from '../../platform/request-context';
import { dashboardSummaryFor, itemsNeedingAttentionFor, mapFor, networkProblemsFor } from './service';

const tags = ['dashboard'];

const summarySchema = z.object({
  services: z.object({
    total: z.number(),
    normal: z.number(),
    maintenance: z.number(),
    atrisk: z.number(),
    offline: z.number(),
  }),
  sites: z.object({
    total: z.number(),
    online: z.number(),
    impacted: z.number(),
    offline: z.number(),
    disabled: z.number(),
  }),
});

// A site with a problem, as the map's list and its 'not on the map' list both show it.
const problemSite = z.object({
  siteid: z.number(),
  sitenumber: z.string(),
  sitename: z.string(),
  sitetype: z.number(),
  customercode: z.string(),
  condition: z.number(),
});

const problemsSchema = z.object({
  sites: z.array(
    problemSite.extend({
      placed: z.boolean().describe('Whether the network map can draw it (a place with coordinates)'),
    }),
  ),
  services: z.array(
    z.object({
      serviceid: z.string(),
      description: z.string(),
      customercode: z.string(),
      condition: z.number(),
      events: z.array(z.object({ eventid: z.number(), title: z.string(), type: z.number() })),
    }),
  ),
});

const attentionSchema = z.object({
  count: z.number().describe('How many items (a site may have several)'),
  sites: z.number().describe('How many sites have at least one item'),
  services: z.number().describe('How many services have at least one item'),
  results: z.array(
    z.object({
      notificationlinknode: z.enum(['site', 'service']),
      notificationlinkid: z.string().describe('The site id (internal) or the service id'),
      notificationlinklabel: z.string().describe('The site number or the service id, as people read it'),
      customercode: z.string(),
      notificationdescription: z.string(),
    }),
  ),
});

const mapSchema = z.object({
  sites: z.array(
    z.object({
      siteid: z.number(),
      sitenumber: z.string(),
      sitename: z.string(),
      sitetype: z.number(),
      status: z.number(),
      latitude: z.number(),
      longitude: z.number(),
      condition: z.number(),
      customercode: z.string(),
    }),
  ),
  links: z.array(
    z.object({
      serviceid: z.string(),
      aendsiteid: z.number(),
      bendsiteid: z.number(),
      condition: z.number(),
      services: z.number(),
    }),
  ),
  unplaced: z
    .array(problemSite)
    .describe('Sites with problems in scope that the map cannot draw: VPLS, L3VPN, no coordinates'),
});

export const dashboardRoutes: FastifyPluginAsyncZod<{ query: RawQuery }> = async (app, { query }) => {
  app.get(
    '/dashboard/summary',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary: 'Dashboard cards: enabled services by condition, sites by status and condition (in scope)',
        response: { 200: envelope(summarySchema) },
      },
    },
    async (request) => ok(await dashboardSummaryFor(query, signedIn(request).actor)),
  );

  app.get(
    '/network-problems',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary: 'Sites and services in scope with a current event, worst first, with the events',
        response: { 200: envelope(problemsSchema) },
      },
    },
    async (request) => ok(await networkProblemsFor(query, signedIn(request).actor)),
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
        response: { 200: envelope(attentionSchema) },
      },
    },
    async (request) => ok(await itemsNeedingAttentionFor(query, signedIn(request).actor)),
  );

  app.get(
    '/map',
    {
      config: { permission: 'portal.use' },
      schema: {
        tags,
        summary:
          'Network map: placed physical and interconnect sites with their condition, and one link per pair of sites with enabled services between them (the worst condition, a service id, how many services)',
        querystring: z.object({ customerid: idSchema.optional() }),
        response: { 200: envelope(mapSchema) },
      },
    },
    async (request) => ok(await mapFor(query, signedIn(request).actor, request.query.customerid)),
  );
};
