import { envelope, failure } from '@lightpath/domain/api';
import { serviceParamsSchema } from '@lightpath/domain/services';
import {
  endToEndCheckSchema,
  lightHistoryParamsSchema,
  lightHistorySchema,
  lightLevelsSchema,
  linkStatusSchema,
  operationalHistorySchema,
  portLightHistorySchema,
  portLightLevelsSchema,
  portOperationalStatusSchema,
  portParamsSchema,
  portSchema,
  portSpanParamsSchema,
  portTrafficHistorySchema,
  portTrafficValuesSchema,
  serviceSpanParamsSchema,
  trafficHistorySchema,
  trafficValuesSchema,
  utilisationSchema,
} from '@lightpath/domain/telemetry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { contextOf } from '../../platform/service-context';
import {
  endToEndCheckOf,
  lightHistoryOf,
  lightLevelsOf,
  linkStatusOf,
  operationalHistoryOf,
  portLightHistoryOf,
  portLightLevelsOf,
  portOf,
  portOperationalStatusOf,
  portTrafficHistoryOf,
  portTrafficValuesOf,
  trafficHistoryOf,
  trafficValuesOf,
  utilisationOf,
} from './service';

const failed = { 502: failure };

export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  const serviceTags = ['telemetry'];
  const portTags = ['telemetry', 'equipment'];

  app.get(
    '/service/:serviceid/utilisation/:timespan',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary:
          'Average use of the line rate over the last `timespan` hours, in percent each way. When telemetry cannot be read it answers 0 both ways with a message (spec 8).',
        params: serviceSpanParamsSchema,
        response: { 200: envelope(utilisationSchema) },
      },
    },
    async (request) => {
      const { serviceid: id, timespan: hours } = request.params;
      const { utilisation, message } = await utilisationOf(contextOf(request), id, hours);
      return ok(utilisation, message);
    },
  );

  app.get(
    '/service/:serviceid/lightlevels',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary: 'Optical levels (dBm) at both ends now; null for an end without readings',
        params: serviceParamsSchema,
        response: { 200: envelope(lightLevelsSchema), ...failed },
      },
    },
    async (request) => ok(await lightLevelsOf(contextOf(request), request.params.serviceid)),
  );

  app.get(
    '/service/:serviceid/trafficvalues',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary: 'Traffic now, in bytes per second each way',
        params: serviceParamsSchema,
        response: {
          200: envelope(trafficValuesSchema),
          ...failed,
        },
      },
    },
    async (request) => ok(await trafficValuesOf(contextOf(request), request.params.serviceid)),
  );

  app.get(
    '/service/:serviceid/traffichistory/:timespan',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary: 'Traffic over the last `timespan` hours, bytes per second each way',
        params: serviceSpanParamsSchema,
        response: {
          200: envelope(trafficHistorySchema),
          ...failed,
        },
      },
    },
    async (request) =>
      ok(await trafficHistoryOf(contextOf(request), request.params.serviceid, request.params.timespan)),
  );

  app.get(
    '/service/:serviceid/operationalhistory/:timespan',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary: 'Link state changes at either end over the last `timespan` hours, oldest first',
        params: serviceSpanParamsSchema,
        response: {
          200: envelope(operationalHistorySchema),
          ...failed,
        },
      },
    },
    async (request) =>
      ok(await operationalHistoryOf(contextOf(request), request.params.serviceid, request.params.timespan)),
  );

  app.get(
    '/service/:serviceid/linkstatus',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary: 'Link state now: UP only when every end with a port is up',
        params: serviceParamsSchema,
        response: {
          200: envelope(linkStatusSchema),
          ...failed,
        },
      },
    },
    async (request) => ok(await linkStatusOf(contextOf(request), request.params.serviceid)),
  );

  app.get(
    '/service/:serviceid/endtoendcheck',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary: 'Links, light levels and traffic checked together, each check with what it saw',
        params: serviceParamsSchema,
        response: {
          200: envelope(endToEndCheckSchema),
          ...failed,
        },
      },
    },
    async (request) => ok(await endToEndCheckOf(contextOf(request), request.params.serviceid)),
  );

  app.get(
    '/service/:serviceid/lighthistory/:end/:timespan',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary:
          'Received light (dBm) at both ends over `timespan` hours ending at `end` (unix seconds; 0 for now)',
        params: lightHistoryParamsSchema,
        response: {
          200: envelope(lightHistorySchema),
          ...failed,
        },
      },
    },
    async (request) => {
      const { serviceid: id, end, timespan: hours } = request.params;
      return ok(await lightHistoryOf(contextOf(request), id, end, hours));
    },
  );

  app.get(
    '/port/:portid',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags: portTags,
        summary: 'A port: its link state now and the services that use it',
        params: portParamsSchema,
        response: {
          200: envelope(portSchema),
          ...failed,
        },
      },
    },
    async (request) => ok(await portOf(contextOf(request), request.params.portid)),
  );

  app.get(
    '/port/:portid/lightlevels',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags: portTags,
        summary: 'Optical levels (dBm) now; null without readings',
        params: portParamsSchema,
        response: {
          200: envelope(portLightLevelsSchema),
          ...failed,
        },
      },
    },
    async (request) => ok(await portLightLevelsOf(contextOf(request), request.params.portid)),
  );

  app.get(
    '/port/:portid/trafficvalues',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags: portTags,
        summary: 'Traffic now, bytes per second into and out of the port',
        params: portParamsSchema,
        response: {
          200: envelope(portTrafficValuesSchema),
          ...failed,
        },
      },
    },
    async (request) => ok(await portTrafficValuesOf(contextOf(request), request.params.portid)),
  );

  app.get(
    '/port/:portid/operationalstatus',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags: portTags,
        summary: 'Link state now; null when the source knows nothing of the port',
        params: portParamsSchema,
        response: {
          200: envelope(portOperationalStatusSchema),
          ...failed,
        },
      },
    },
    async (request) => ok(await portOperationalStatusOf(contextOf(request), request.params.portid)),
  );

  app.get(
    '/port/:portid/lighthistory/:timespan',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags: portTags,
        summary: 'Optical levels (dBm) over the last `timespan` hours',
        params: portSpanParamsSchema,
        response: { 200: envelope(portLightHistorySchema), ...failed },
      },
    },
    async (request) =>
      ok(await portLightHistoryOf(contextOf(request), request.params.portid, request.params.timespan)),
  );

  app.get(
    '/port/:portid/traffichistory/:timespan',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags: portTags,
        summary: 'Traffic over the last `timespan` hours, bytes per second into and out of the port',
        params: portSpanParamsSchema,
        response: { 200: envelope(portTrafficHistorySchema), ...failed },
      },
    },
    async (request) =>
      ok(await portTrafficHistoryOf(contextOf(request), request.params.portid, request.params.timespan)),
  );
};
