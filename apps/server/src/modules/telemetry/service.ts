import { hasLogicalBEnd, serviceMessages } from '@lightpath/domain/services';
import {
  bitsPerSecond,
  failedUtilisation,
  formatBitRate,
  type LightLevels,
  type LinkStatus,
  type OperationalChange,
  type TrafficHistory,
  type TrafficPoint,
  type TrafficValues,
  telemetryMessages,
  type Utilisation,
} from '@lightpath/domain/telemetry';
import {
  type Endpoint,
  type LinkState,
  speedBitsPerSecond,
  TelemetryError,
  telemetryWindow,
} from '../../integrations/telemetry/telemetry';
import { AppError, NotFound } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
import { shelfOfPort } from '../equipment/service';
import { getServiceFor } from '../services/service';
import { listServicesOnPort, type TelemetryService } from './repository';

// A telemetry source that failed: 502, with the spec 8 message for what was asked. The cause goes
// to the log, never into the reply.
export class TelemetryFailed extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}

async function reading<T>(ctx: ServiceContext, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof TelemetryError)) throw error;
    ctx.log.warn({ err: error, source: ctx.telemetry.kind }, 'telemetry failed');
    throw new TelemetryFailed(message);
  }
}

// Received light a healthy long-reach optic works with; outside it the link is failing or about to.
const healthyRxDbm = { min: -14, max: 1 };

// The service through the services area, in the caller's scope: a foreign or unknown id is 404.
export async function serviceInScope(ctx: ServiceContext, serviceid: string): Promise<TelemetryService> {
  const service = await getServiceFor(ctx, serviceid.toUpperCase());
  return {
    serviceid: service.serviceid,
    type: service.type,
    status: service.status,
    speed: service.speed,
    aendportid: service.aendportid,
    bendportid: service.bendportid,
    bendsiteid: service.bendsiteid,
  };
}

function endpointAt(service: TelemetryService, end: 'A' | 'B', port: string | null): Endpoint {
  return {
    end,
    port,
    service: service.serviceid,
    speedBps: speedBitsPerSecond(service.speed),
    inService: service.status !== 0 && service.status !== 2,
  };
}

// Types F, G and H end in a VPLS, an L3VPN or the internet: there is no B-end port to read.
export function endpointsOf(service: TelemetryService): { a: Endpoint; b: Endpoint | null } {
  const hasBEnd = service.bendsiteid !== null && !hasLogicalBEnd(service.type);
  return {
    a: endpointAt(service, 'A', service.aendportid),
    b: hasBEnd ? endpointAt(service, 'B', service.bendportid) : null,
  };
}

const average = (points: TrafficPoint[]) => points.reduce((sum, p) => sum + p.value, 0) / points.length;

// Spec 9: the average over the timespan as a rounded percentage of the line rate. Spec 8: when it
// cannot be read, both directions read 0 (shown as Available) and the message says why.
export async function utilisationOf(
  ctx: ServiceContext,
  serviceid: string,
  hours: number,
): Promise<{ utilisation: Utilisation; message?: string }> {
  const service = await serviceInScope(ctx, serviceid);
  const { a } = endpointsOf(service);
  try {
    if (!a.speedBps) throw new TelemetryError(`Service ${service.serviceid} has no usable speed`);
    const traffic = await ctx.telemetry.trafficRange(a, telemetryWindow(hours, ctx.telemetry.now()));
    if (traffic.in.length === 0 || traffic.out.length === 0) {
      throw new TelemetryError(`No traffic recorded for ${service.serviceid}`);
    }
    const percent = (points: TrafficPoint[]) => Math.round(((average(points) * 8) / a.speedBps!) * 100);
    return { utilisation: { atob: percent(traffic.in), btoa: percent(traffic.out) } };
  } catch (error) {
    if (!(error instanceof TelemetryError)) throw error;
    ctx.log.warn({ err: error, source: ctx.telemetry.kind }, 'utilisation unavailable');
    return { utilisation: { ...failedUtilisation }, message: telemetryMessages.unavailable };
  }
}

export async function trafficValuesOf(ctx: ServiceContext, serviceid: string): Promise<TrafficValues> {
  const { a } = endpointsOf(await serviceInScope(ctx, serviceid));
  const now = await reading(ctx, serviceMessages.trafficFailed, () => ctx.telemetry.trafficNow(a));
  return { atob: now.in, btoa: now.out, datetime: now.datetime };
}

// Bytes per second, measured at the A end: what it receives goes from A to B.
export async function trafficHistoryOf(
  ctx: ServiceContext,
  serviceid: string,
  hours: number,
): Promise<TrafficHistory> {
  const { a } = endpointsOf(await serviceInScope(ctx, serviceid));
  const window = telemetryWindow(hours, ctx.telemetry.now());
  const traffic = await reading(ctx, serviceMessages.trafficFailed, () =>
    ctx.telemetry.trafficRange(a, window),
  );
  return { atob: traffic.in, btoa: traffic.out };
}

export async function lightLevelsOf(ctx: ServiceContext, serviceid: string): Promise<LightLevels> {
  const service = await serviceInScope(ctx, serviceid);
  const { a, b } = endpointsOf(service);
  const [aend, bend] = await reading(ctx, serviceMessages.statusFailed(service.serviceid), () =>
    Promise.all([ctx.telemetry.lightNow(a), b ? ctx.telemetry.lightNow(b) : null]),
  );
  return { aend, bend };
}

// Received light at both ends over `hours` up to `end` (unix seconds; 0 or the future mean now).
export async function lightHistoryOf(ctx: ServiceContext, serviceid: string, end: number, hours: number) {
  const service = await serviceInScope(ctx, serviceid);
  const { a, b } = endpointsOf(service);
  const now = ctx.telemetry.now();
  const window = telemetryWindow(hours, end === 0 ? now : Math.min(end, now));
  const [aend, bend] = await reading(ctx, serviceMessages.statusFailed(service.serviceid), () =>
    Promise.all([ctx.telemetry.lightRange(a, window), b ? ctx.telemetry.lightRange(b, window) : null]),
  );
  return { aend: aend.rx, bend: bend?.rx ?? [] };
}

async function linkStatusFor(ctx: ServiceContext, service: TelemetryService): Promise<LinkStatus> {
  const { a, b } = endpointsOf(service);
  const [aend, bend] = await Promise.all([ctx.telemetry.statusNow(a), b ? ctx.telemetry.statusNow(b) : null]);
  if (aend === null) throw new TelemetryError(`No link state for the A end of ${service.serviceid}`);
  const overallstatus: LinkState = aend === 'UP' && bend !== 'DOWN' ? 'UP' : 'DOWN';
  return { overallstatus, aend, bend };
}

export async function linkStatusOf(ctx: ServiceContext, serviceid: string): Promise<LinkStatus> {
  const service = await serviceInScope(ctx, serviceid);
  return reading(ctx, serviceMessages.statusFailed(service.serviceid), () => linkStatusFor(ctx, service));
}

// Changes up to this moment (not to the end of the last whole step), so a drop a minute ago shows.
export async function operationalHistoryOf(
  ctx: ServiceContext,
  serviceid: string,
  hours: number,
): Promise<{ changes: OperationalChange[] }> {
  const service = await serviceInScope(ctx, serviceid);
  const { a, b } = endpointsOf(service);
  const now = ctx.telemetry.now();
  const window = { ...telemetryWindow(hours, now), end: now };
  const [aChanges, bChanges] = await reading(ctx, serviceMessages.statusFailed(service.serviceid), () =>
    Promise.all([ctx.telemetry.statusChanges(a, window), b ? ctx.telemetry.statusChanges(b, window) : []]),
  );
  const changes: OperationalChange[] = [
    ...aChanges.map((c) => ({ ...c, end: 'A' as const })),
    ...bChanges.map((c) => ({ ...c, end: 'B' as const })),
  ].sort((x, y) => x.datetime - y.datetime || x.end.localeCompare(y.end));
  return { changes };
}

const bitRate = (bytesPerSecond: number) => formatBitRate(bitsPerSecond(bytesPerSecond));

// The NOC's first look at a reported fault: both links up, light within range at both ends, traffic
// flowing. Each check says what it saw.
export async function endToEndCheckOf(ctx: ServiceContext, serviceid: string) {
  const service = await serviceInScope(ctx, serviceid);
  const { a, b } = endpointsOf(service);
  const [status, aLight, bLight, traffic] = await reading(
    ctx,
    serviceMessages.statusFailed(service.serviceid),
    () =>
      Promise.all([
        linkStatusFor(ctx, service),
        ctx.telemetry.lightNow(a),
        b ? ctx.telemetry.lightNow(b) : null,
        ctx.telemetry.trafficNow(a),
      ]),
  );
  const lightCheck = (name: string, light: { rx: number; tx: number } | null) =>
    light === null
      ? { name, ok: true, detail: 'No optical readings from this port' }
      : {
          name,
          ok: light.rx >= healthyRxDbm.min && light.rx <= healthyRxDbm.max,
          detail: `Rx ${light.rx.toFixed(2)} dBm, Tx ${light.tx.toFixed(2)} dBm`,
        };
  const checks = [
    { name: 'A-end link', ok: status.aend === 'UP', detail: status.aend },
    ...(b && status.bend ? [{ name: 'B-end link', ok: status.bend === 'UP', detail: status.bend }] : []),
    lightCheck('A-end light', aLight),
    ...(b ? [lightCheck('B-end light', bLight)] : []),
    {
      name: 'Traffic',
      ok: traffic.in + traffic.out > 0,
      detail: `${bitRate(traffic.in)} A to B, ${bitRate(traffic.out)} B to A`,
    },
  ];
  return { ok: checks.every((c) => c.ok), checks };
}

// Ports (provider staff): a port is known when a service names it; its readings are those of the
// first in-service such service's end (or of the first, when none is in service).
async function portEndpoint(ctx: ServiceContext, portid: string) {
  const rows = await listServicesOnPort(ctx.db, ctx.caller.scope, portid);
  const ends = rows.map((service) => endpointAt(service, service.aendportid === portid ? 'A' : 'B', portid));
  const endpoint = ends.find((e) => e.inService) ?? ends[0] ?? (await freeShelfPort(ctx, portid));
  if (!endpoint) throw new NotFound(telemetryMessages.portNotFound);
  return { rows, ends, endpoint };
}

// A port on a shelf that no service names (a spare port, an uplink) is read like any other: dark while
// it is administratively down, live otherwise. The port routes are the staff's (equipment.view).
async function freeShelfPort(ctx: ServiceContext, portid: string): Promise<Endpoint | null> {
  const shelf = await shelfOfPort(ctx, portid);
  if (!shelf) return null;
  return { end: 'A', port: portid, service: null, speedBps: null, inService: shelf.state !== 'disabled' };
}

export async function portOf(ctx: ServiceContext, portid: string) {
  const { rows, ends, endpoint } = await portEndpoint(ctx, portid);
  const [status, shelf] = await Promise.all([
    reading(ctx, serviceMessages.statusFailed(portid), () => ctx.telemetry.statusNow(endpoint)),
    shelfOfPort(ctx, portid),
  ]);
  return {
    portid,
    status,
    // The shelf the port is on, so the service page's ends open it; null for a port on a device the
    // portal does not keep (a customer's own equipment).
    equipmentid: shelf?.equipmentid ?? null,
    equipmentname: shelf?.equipmentname ?? null,
    services: rows.map((service, i) => ({
      serviceid: service.serviceid,
      end: ends[i]!.end,
      status: service.status,
    })),
  };
}

export async function portLightLevelsOf(ctx: ServiceContext, portid: string) {
  const { endpoint } = await portEndpoint(ctx, portid);
  const light = await reading(ctx, serviceMessages.statusFailed(portid), () =>
    ctx.telemetry.lightNow(endpoint),
  );
  return { rx: light?.rx ?? null, tx: light?.tx ?? null };
}

export async function portTrafficValuesOf(ctx: ServiceContext, portid: string) {
  const { endpoint } = await portEndpoint(ctx, portid);
  return reading(ctx, serviceMessages.trafficFailed, () => ctx.telemetry.trafficNow(endpoint));
}

export async function portOperationalStatusOf(ctx: ServiceContext, portid: string) {
  const { endpoint } = await portEndpoint(ctx, portid);
  const status = await reading(ctx, serviceMessages.statusFailed(portid), () =>
    ctx.telemetry.statusNow(endpoint),
  );
  return { status, datetime: ctx.telemetry.now() };
}

export async function portLightHistoryOf(ctx: ServiceContext, portid: string, hours: number) {
  const { endpoint } = await portEndpoint(ctx, portid);
  const window = telemetryWindow(hours, ctx.telemetry.now());
  return reading(ctx, serviceMessages.statusFailed(portid), () => ctx.telemetry.lightRange(endpoint, window));
}

export async function portTrafficHistoryOf(ctx: ServiceContext, portid: string, hours: number) {
  const { endpoint } = await portEndpoint(ctx, portid);
  const window = telemetryWindow(hours, ctx.telemetry.now());
  return reading(ctx, serviceMessages.trafficFailed, () => ctx.telemetry.trafficRange(endpoint, window));
}
