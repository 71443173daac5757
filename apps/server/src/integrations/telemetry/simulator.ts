import type { TrafficPoint } from '@lightpath/domain/telemetry';
import { trafficFiguresOf, usageSampleSeconds } from '@lightpath/domain/usage-reports';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventServices, events } from '../../db/schema/inventory';
import {
  type Endpoint,
  type LinkState,
  type PortLight,
  type PortTrafficHistory,
  type StateChange,
  type Telemetry,
  type TimeWindow,
  unixNow,
} from './telemetry';

// The built-in telemetry source, used when no Prometheus is configured. Every value is a pure function
// of the service (or port), the end and the time, so two instances of the server, or a page and its
// reload, show the same numbers; and it follows the portal's own data: an ongoing outage makes the
// link DOWN with no traffic and no received light, and past outages appear in the operational history.

// The demo network's local time (AEST): traffic follows its working day.
const localOffsetSeconds = 10 * 3600;
// Noise changes every five minutes, like a scrape-and-rate series.
const noiseBucketSeconds = 300;
// Received light with no light at all: what an optic reports on loss of signal.
export const lossOfSignalDbm = -40;
// Outages a flap can precede are looked for this far before a window.
const flapLeadSeconds = 3600;
const defaultSpeedBps = 1e9;

// FNV-1a with a final avalanche: a stable 32-bit hash of a string.
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// A number in [0, 1) fixed by its key: the simulator's only source of variety.
export function unit(key: string, n: number | string = 0): number {
  return hash32(`${key}|${n}`) / 4294967296;
}

// 0 at 03:00 local time, 1 at 15:00, a smooth curve between.
export function dailyShape(t: number): number {
  const hour = ((((t + localOffsetSeconds) % 86400) + 86400) % 86400) / 3600;
  return (1 - Math.cos((2 * Math.PI * (hour - 3)) / 24)) / 2;
}

function isWeekend(t: number): boolean {
  // 1970-01-01 was a Thursday.
  const day = (Math.floor((t + localOffsetSeconds) / 86400) + 4) % 7;
  return day === 0 || day === 6;
}

// Fraction of the line rate in use, per direction. Each service has its own peak (most between 15 and
// 60%, about one in ten above 80% at the afternoon peak) and its own upload/download balance.
export function trafficFraction(key: string, direction: 'atob' | 'btoa', t: number): number {
  const peak = 0.15 + 0.75 * unit(key, 'peak') ** 1.5;
  const floor = 0.02 + 0.03 * unit(key, 'floor');
  const balance = direction === 'btoa' ? 1 : 0.35 + 0.5 * unit(key, 'balance');
  const level = (floor + (peak - floor) * dailyShape(t) * (isWeekend(t) ? 0.6 : 1)) * balance;
  const jitter = 1 + 0.16 * (unit(`${key}|${direction}`, Math.floor(t / noiseBucketSeconds)) - 0.5);
  return Math.min(0.97, level * jitter);
}

type Interval = { from: number; to: number | null };
type Outage = { id: number; start: number; end: number | null };

// Before an outage a failing link often bounces: up to two short drops in the quarter hour before it.
function flapsBefore(outage: Outage): Interval[] {
  const count = Math.floor(unit(`flap|${outage.id}`) * 3);
  const flaps: Interval[] = [];
  for (let k = 0; k < count; k += 1) {
    const from = outage.start - 90 - k * 240 - Math.floor(unit(`flap|${outage.id}`, k + 1) * 120);
    flaps.push({ from, to: from + 5 + Math.floor(unit(`flap|${outage.id}`, k + 10) * 35) });
  }
  return flaps;
}

function isDown(intervals: Interval[], t: number): boolean {
  return intervals.some((i) => i.from <= t && (i.to === null || t < i.to));
}

function times(window: TimeWindow): number[] {
  const list: number[] = [];
  for (let t = window.start; t <= window.end; t += window.step) list.push(t);
  return list;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function simulatedTelemetry(db: Db, options: { now?: () => number } = {}): Telemetry {
  const now = options.now ?? unixNow;

  async function outagesOf(service: string, from: number, to: number): Promise<Outage[]> {
    const rows = await db
      .select({ id: events.eventId, start: events.startTime, end: events.endTime })
      .from(events)
      .innerJoin(eventServices, eq(eventServices.eventId, events.eventId))
      .where(
        and(
          eq(eventServices.serviceId, service),
          eq(events.type, 3),
          lte(events.startTime, new Date(to * 1000)),
          or(isNull(events.endTime), gte(events.endTime, new Date(from * 1000))),
        ),
      );
    return rows.map((r) => ({
      id: r.id,
      start: Math.floor(r.start.getTime() / 1000),
      end: r.end ? Math.floor(r.end.getTime() / 1000) : null,
    }));
  }

  // When the endpoint's link was down between `from` and `to`: outages, and the flaps before them.
  async function downIntervals(endpoint: Endpoint, from: number, to: number): Promise<Interval[]> {
    if (!endpoint.inService) return [{ from: Number.NEGATIVE_INFINITY, to: null }];
    if (!endpoint.service) return [];
    const outages = await outagesOf(endpoint.service, from, to + flapLeadSeconds);
    // The B end notices a moment after the A end.
    const lag = endpoint.end === 'B' ? 1 + Math.floor(unit(`lag|${endpoint.service}`) * 3) : 0;
    return outages
      .flatMap((o) => [...flapsBefore(o), { from: o.start, to: o.end }])
      .filter((i) => i.from <= to)
      .map((i) => ({ from: i.from + lag, to: i.to === null ? null : i.to + lag }));
  }

  const trafficKey = (e: Endpoint) => e.service ?? e.port ?? '';
  const lightKey = (e: Endpoint) => `${e.service ?? e.port ?? ''}|${e.end}`;

  // The A end receives what goes from A to B; the B end receives what comes back.
  function bytesPerSecond(endpoint: Endpoint, direction: 'in' | 'out', t: number): number {
    const flow = (endpoint.end === 'A') === (direction === 'in') ? 'atob' : 'btoa';
    const speed = endpoint.speedBps ?? defaultSpeedBps;
    return Math.round((trafficFraction(trafficKey(endpoint), flow, t) * speed) / 8);
  }

  function light(endpoint: Endpoint, t: number, down: boolean): PortLight {
    const key = lightKey(endpoint);
    const bucket = Math.floor(t / noiseBucketSeconds);
    const tx = -2.5 + 0.6 * (unit(key, 'tx') - 0.5) + 0.2 * (unit(`${key}|tx`, bucket) - 0.5);
    const rx = -3.5 + 1.0 * (unit(key, 'rx') - 0.5) + 0.5 * (unit(`${key}|rx`, bucket) - 0.5);
    return { rx: down ? lossOfSignalDbm : round(rx, 2), tx: round(tx, 2) };
  }

  async function trafficRange(endpoint: Endpoint, window: TimeWindow): Promise<PortTrafficHistory> {
    const intervals = await downIntervals(endpoint, window.start, window.end);
    const points = (direction: 'in' | 'out'): TrafficPoint[] =>
      times(window).map((t) => ({
        datetime: t,
        value: isDown(intervals, t) ? 0 : bytesPerSecond(endpoint, direction, t),
      }));
    return { in: points('in'), out: points('out') };
  }

  return {
    kind: 'simulator',
    now,

    async trafficNow(endpoint) {
      const t = now();
      const down = isDown(await downIntervals(endpoint, t, t), t);
      return {
        in: down ? 0 : bytesPerSecond(endpoint, 'in', t),
        out: down ? 0 : bytesPerSecond(endpoint, 'out', t),
        datetime: t,
      };
    },

    trafficRange,

    // The figures of its own samples: one per five minutes, at the start of each (the noise changes
    // on those boundaries), zero while the link was down, as trafficRange draws them.
    async trafficPercentile(endpoint, window, quantile) {
      const last = window.end - usageSampleSeconds;
      if (last < window.start) return { in: null, out: null };
      const traffic = await trafficRange(endpoint, {
        start: window.start,
        end: last,
        step: usageSampleSeconds,
      });
      const values = (points: TrafficPoint[]) => points.map((p) => p.value);
      return {
        in: trafficFiguresOf(values(traffic.in), quantile),
        out: trafficFiguresOf(values(traffic.out), quantile),
      };
    },

    async lightNow(endpoint) {
      if (!endpoint.inService) return null;
      const t = now();
      return light(endpoint, t, isDown(await downIntervals(endpoint, t, t), t));
    },

    async lightRange(endpoint, window) {
      if (!endpoint.inService) return { rx: [], tx: [] };
      const intervals = await downIntervals(endpoint, window.start, window.end);
      const readings = times(window).map((t) => ({ t, ...light(endpoint, t, isDown(intervals, t)) }));
      return {
        rx: readings.map((r) => ({ datetime: r.t, value: r.rx })),
        tx: readings.map((r) => ({ datetime: r.t, value: r.tx })),
      };
    },

    async statusNow(endpoint): Promise<LinkState> {
      const t = now();
      return isDown(await downIntervals(endpoint, t, t), t) ? 'DOWN' : 'UP';
    },

    async statusChanges(endpoint, window) {
      if (!endpoint.inService) return [];
      const t = now();
      const intervals = await downIntervals(endpoint, window.start, window.end);
      const changes: StateChange[] = intervals.flatMap((i) => [
        { datetime: i.from, status: 'DOWN' as const },
        ...(i.to !== null && i.to <= t ? [{ datetime: i.to, status: 'UP' as const }] : []),
      ]);
      return changes
        .filter((c) => c.datetime >= window.start && c.datetime <= window.end)
        .sort((a, b) => a.datetime - b.datetime);
    },
  };
}
