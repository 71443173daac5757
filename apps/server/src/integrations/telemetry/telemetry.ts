import type { TrafficPoint } from '@lightpath/domain/telemetry';
import type { TrafficFigures } from '@lightpath/domain/usage-reports';

// One interface for every source of telemetry (decisions.md, External systems): the simulator and the
// Prometheus client both answer per endpoint, i.e. one end of a service (or a bare port). Turning ends
// into the spec's service replies (A to B, B to A, utilisation) happens once, in modules/telemetry.

export type LinkState = 'UP' | 'DOWN';

export type Endpoint = {
  end: 'A' | 'B';
  // The port id as the portal stores it (services' aendportid / bendportid); null when not recorded.
  port: string | null;
  service: string | null;
  // Line rate in bits per second, when the service's speed is known.
  speedBps: number | null;
  // False for a disabled or planned service: the simulator shows it dark. Prometheus reports what it sees.
  inService: boolean;
};

// Unix seconds; `step` is the spacing of the returned points.
export type TimeWindow = { start: number; end: number; step: number };

export type PortTraffic = { in: number; out: number; datetime: number };
export type PortTrafficHistory = { in: TrafficPoint[]; out: TrafficPoint[] };
export type PortLight = { rx: number; tx: number };
export type PortLightHistory = { rx: TrafficPoint[]; tx: TrafficPoint[] };
export type StateChange = { datetime: number; status: LinkState };
// Each direction's figures over a window of 5-minute average rates (bytes per second); null when the
// source has no series for the port (an unknown port, none recorded, or no data in the window).
export type PortTrafficFigures = { in: TrafficFigures | null; out: TrafficFigures | null };

export type Telemetry = {
  kind: 'simulator' | 'prometheus';
  // Bytes per second into and out of the port.
  trafficNow: (endpoint: Endpoint) => Promise<PortTraffic>;
  trafficRange: (endpoint: Endpoint, window: TimeWindow) => Promise<PortTrafficHistory>;
  // The usage report's monthly figures (docs/decisions/039): the `quantile` of the 5-minute average
  // rates whose five minutes lie in [start, end), with their peak, mean and count. Both ends are
  // multiples of 300 seconds.
  trafficPercentile: (
    endpoint: Endpoint,
    window: { start: number; end: number },
    quantile: number,
  ) => Promise<PortTrafficFigures>;
  // dBm; null when the port reports no optical levels.
  lightNow: (endpoint: Endpoint) => Promise<PortLight | null>;
  lightRange: (endpoint: Endpoint, window: TimeWindow) => Promise<PortLightHistory>;
  // Null when the source knows nothing of the port.
  statusNow: (endpoint: Endpoint) => Promise<LinkState | null>;
  statusChanges: (endpoint: Endpoint, window: TimeWindow) => Promise<StateChange[]>;
  now: () => number;
};

// Any failure to read telemetry: the routes answer 502 with the spec 8 message for what was asked.
export class TelemetryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TelemetryError';
  }
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

// About 240 points whatever the span, on whole minutes, so a chart of a month is as light as one of
// an hour; the window is aligned to the step so two requests in the same minute ask the same thing.
export function telemetryWindow(hours: number, end: number): TimeWindow {
  const span = hours * 3600;
  const step = Math.max(60, Math.ceil(span / 240 / 60) * 60);
  const alignedEnd = Math.floor(end / step) * step;
  return { start: alignedEnd - span, end: alignedEnd, step };
}

const speedUnits: Record<string, number> = { K: 1e3, M: 1e6, G: 1e9, T: 1e12 };

// Service speeds are written like '200M', '1G', '10G' or '1.5 Gbps'.
export function speedBitsPerSecond(speed: string | null): number | null {
  const match = speed?.trim().match(/^(\d+(?:\.\d+)?)\s*([KMGT])(?:b(?:ps|it\/s)?)?$/i);
  if (!match) return null;
  const value = Number(match[1]) * speedUnits[match[2]!.toUpperCase()]!;
  return value > 0 ? value : null;
}
