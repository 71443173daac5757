import { text } from '@lightpath/domain/api';
import { serviceIdParamSchema } from '@lightpath/domain/services';
import { maxTimespanHours } from '@lightpath/domain/telemetry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, RawQuery } from '../../db/client';
import { type Telemetry, telemetryMessages } from '../../integrations/telemetry/telemetry';
import { envelope, failure, ok } from '../../platform/envelope';
import { signedIn } from '../../platform/request-context';
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

// Only plain decimal text: '6' is six hours, '6h', '0x6' and '1e1' are refused.
function wholeNumber(message: string, min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

const timespan = wholeNumber(telemetryMessages.timespanInvalid, 1, maxTimespanHours);
// Unix seconds up to the year 2100; 0 means now.
const windowEnd = wholeNumber(telemetryMessages.endInvalid, 0, 4_102_444_800);
// Path text reaches SQL as a parameter: control characters (NUL among them) are refused here.
const serviceid = serviceIdParamSchema;
const portid = text(64).min(1);

const serviceParams = z.object({ serviceid });
const serviceSpanParams = z.object({ serviceid, timespan });
const portParams = z.object({ portid });
const portSpanParams = z.object({ portid, timespan });

const linkState = z.enum(['UP', 'DOWN']);
const point = z.object({ value: z.number(), datetime: z.number() });
const light = z.object({ rx: z.number(), tx: z.number() });
const failed = { 502: failure };

export const telemetryRoutes: FastifyPluginAsyncZod<{
  db: Db;
  query: RawQuery;
  telemetry: Telemetry;
}> = async (app, { db, query, telemetry }) => {
  const context = (request: Parameters<typeof signedIn>[0]) => ({
    db,
    query,
    telemetry,
    actor: signedIn(request).actor,
    log: request.log,
  });
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
        params: serviceSpanParams,
        response: { 200: envelope(z.object({ atob: z.number(), btoa: z.number() })) },
      },
    },
    async (request) => {
      const { serviceid: id, timespan: hours } = request.params;
      const { utilisation, message } = await utilisationOf(context(request), id, hours);
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
        params: serviceParams,
        response: { 200: envelope(z.object({ aend: light.nullable(), bend: light.nullable() })), ...failed },
      },
    },
    async (request) => ok(await lightLevelsOf(context(request), request.params.serviceid)),
  );

  app.get(
    '/service/:serviceid/trafficvalues',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary: 'Traffic now, in bytes per second each way',
        params: serviceParams,
        response: {
          200: envelope(z.object({ atob: z.number(), btoa: z.number(), datetime: z.number() })),
          ...failed,
        },
      },
    },
    async (request) => ok(await trafficValuesOf(context(request), request.params.serviceid)),
  );

  app.get(
    '/service/:serviceid/traffichistory/:timespan',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary: 'Traffic over the last `timespan` hours, bytes per second each way',
        params: serviceSpanParams,
        response: {
          200: envelope(z.object({ atob: z.array(point), btoa: z.array(point) })),
          ...failed,
        },
      },
    },
    async (request) =>
      ok(await trafficHistoryOf(context(request), request.params.serviceid, request.params.timespan)),
  );

  app.get(
    '/service/:serviceid/operationalhistory/:timespan',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary: 'Link state changes at either end over the last `timespan` hours, oldest first',
        params: serviceSpanParams,
        response: {
          200: envelope(
            z.object({
              changes: z.array(
                z.object({ datetime: z.number(), status: linkState, end: z.enum(['A', 'B']) }),
              ),
            }),
          ),
          ...failed,
        },
      },
    },
    async (request) =>
      ok(await operationalHistoryOf(context(request), request.params.serviceid, request.params.timespan)),
  );

  app.get(
    '/service/:serviceid/linkstatus',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary: 'Link state now: UP only when every end with a port is up',
        params: serviceParams,
        response: {
          200: envelope(z.object({ overallstatus: linkState, aend: linkState, bend: linkState.nullable() })),
          ...failed,
        },
      },
    },
    async (request) => ok(await linkStatusOf(context(request), request.params.serviceid)),
  );

  app.get(
    '/service/:serviceid/endtoendcheck',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary: 'Links, light levels and traffic checked together, each check with what it saw',
        params: serviceParams,
        response: {
          200: envelope(
            z.object({
              ok: z.boolean(),
              checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
            }),
          ),
          ...failed,
        },
      },
    },
    async (request) => ok(await endToEndCheckOf(context(request), request.params.serviceid)),
  );

  app.get(
    '/service/:serviceid/lighthistory/:end/:timespan',
    {
      config: { permission: 'services.view' },
      schema: {
        tags: serviceTags,
        summary:
          'Received light (dBm) at both ends over `timespan` hours ending at `end` (unix seconds; 0 for now)',
        params: z.object({ serviceid, end: windowEnd, timespan }),
        response: {
          200: envelope(z.object({ aend: z.array(point), bend: z.array(point) })),
          ...failed,
        },
      },
    },
    async (request) => {
      const { serviceid: id, end, timespan: hours } = request.params;
      return ok(await lightHistoryOf(context(request), id, end, hours));
    },
  );

  app.get(
    '/port/:portid',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags: portTags,
        summary: 'A port: its link state now and the services that use it',
        params: portParams,
        response: {
          200: envelope(
            z.object({
              portid: z.string(),
              status: linkState.nullable(),
              services: z.array(
                z.object({ serviceid: z.string(), end: z.enum(['A', 'B']), status: z.number() }),
              ),
            }),
          ),
          ...failed,
        },
      },
    },
    async (request) => ok(await portOf(context(request), request.params.portid)),
  );

  app.get(
    '/port/:portid/lightlevels',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags: portTags,
        summary: 'Optical levels (dBm) now; null without readings',
        params: portParams,
        response: {
          200: envelope(z.object({ rx: z.number().nullable(), tx: z.number().nullable() })),
          ...failed,
        },
      },
    },
    async (request) => ok(await portLightLevelsOf(context(request), request.params.portid)),
  );

  app.get(
    '/port/:portid/trafficvalues',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags: portTags,
        summary: 'Traffic now, bytes per second into and out of the port',
        params: portParams,
        response: {
          200: envelope(z.object({ in: z.number(), out: z.number(), datetime: z.number() })),
          ...failed,
        },
      },
    },
    async (request) => ok(await portTrafficValuesOf(context(request), request.params.portid)),
  );

  app.get(
    '/port/:portid/operationalstatus',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags: portTags,
        summary: 'Link state now; null when the source knows nothing of the port',
        params: portParams,
        response: {
          200: envelope(z.object({ status: linkState.nullable(), datetime: z.number() })),
          ...failed,
        },
      },
    },
    async (request) => ok(await portOperationalStatusOf(context(request), request.params.portid)),
  );

  app.get(
    '/port/:portid/lighthistory/:timespan',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags: portTags,
        summary: 'Optical levels (dBm) over the last `timespan` hours',
        params: portSpanParams,
        response: { 200: envelope(z.object({ rx: z.array(point), tx: z.array(point) })), ...failed },
      },
    },
    async (request) =>
      ok(await portLightHistoryOf(context(request), request.params.portid, request.params.timespan)),
  );

  app.get(
    '/port/:portid/traffichistory/:timespan',
    {
      config: { permission: 'equipment.view' },
      schema: {
        tags: portTags,
        summary: 'Traffic over the last `timespan` hours, bytes per second into and out of the port',
        params: portSpanParams,
        response: { 200: envelope(z.object({ in: z.array(point), out: z.array(point) })), ...failed },
      },
    },
    async (request) =>
      ok(await portTrafficHistoryOf(context(request), request.params.portid, request.params.timespan)),
  );
};
