import { z } from 'zod';
import { idSchema } from './api';
import { eventTypeIds } from './events';
import { serviceConditionIds } from './services';
import { siteConditionIds, siteTypeIds } from './sites';

// The API contract (docs/decisions/023-one-api-contract.md): what the dashboard and network map routes take and answer.
export const dashboardSummarySchema = z.object({
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
export const problemSiteSchema = z.object({
  siteid: z.number(),
  sitenumber: z.string(),
  sitename: z.string(),
  sitetype: z.literal(siteTypeIds),
  customercode: z.string(),
  condition: z.literal(siteConditionIds),
});

export const networkProblemsSchema = z.object({
  sites: z.array(
    problemSiteSchema.extend({
      placed: z.boolean().describe('Whether the network map can draw it (a place with coordinates)'),
    }),
  ),
  services: z.array(
    z.object({
      serviceid: z.string(),
      description: z.string(),
      customercode: z.string(),
      condition: z.literal(serviceConditionIds),
      events: z.array(z.object({ eventid: z.number(), title: z.string(), type: z.literal(eventTypeIds) })),
    }),
  ),
});

export const itemsNeedingAttentionSchema = z.object({
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

export const networkMapSchema = z.object({
  sites: z.array(
    z.object({
      siteid: z.number(),
      sitenumber: z.string(),
      sitename: z.string(),
      sitetype: z.literal(siteTypeIds),
      status: z.literal([0, 1]),
      latitude: z.number(),
      longitude: z.number(),
      condition: z.literal(siteConditionIds),
      customercode: z.string(),
    }),
  ),
  links: z.array(
    z.object({
      serviceid: z.string(),
      aendsiteid: z.number(),
      bendsiteid: z.number(),
      condition: z.literal(serviceConditionIds),
      services: z.number(),
    }),
  ),
  unplaced: z
    .array(problemSiteSchema)
    .describe('Sites with problems in scope that the map cannot draw: VPLS, L3VPN, no coordinates'),
});

export type NetworkProblems = z.output<typeof networkProblemsSchema>;
export type NetworkMap = z.output<typeof networkMapSchema>;

export const mapQuerySchema = z.object({ customerid: idSchema.optional() });
