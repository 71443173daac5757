// Telemetry replies (spec 3 and 7.3). Times are unix seconds.

export type Utilisation = { atob: number; btoa: number };
export type TrafficPoint = { value: number; datetime: number };
export type TrafficHistory = { atob: TrafficPoint[]; btoa: TrafficPoint[] };
export type LightLevels = {
  aend: { rx: number; tx: number } | null;
  bend: { rx: number; tx: number } | null;
};
export type LinkStatus = { overallstatus: 'UP' | 'DOWN'; aend: 'UP' | 'DOWN'; bend: 'UP' | 'DOWN' | null };
export type TrafficValues = { atob: number; btoa: number; datetime: number };
export type OperationalChange = { datetime: number; status: 'UP' | 'DOWN'; end: 'A' | 'B' };

// Spec 9: utilisation over the last hour, traffic history over the last six.
export const utilisationTimespanHours = 1;
export const trafficTimespanHours = 6;
export const maxTimespanHours = 24 * 31;

// Spec 8: a failed utilisation reads 0 both ways, which labels as Available.
export const failedUtilisation: Utilisation = { atob: 0, btoa: 0 };

// Traffic is read in bits per second, the unit network engineers read and the one utilisation is
// computed against (decisions.md, overriding spec 9's "bytes divided by 1024 twice", which labelled
// megabytes as Mb/s and read eight times too low). Telemetry sources report bytes per second.
export function bitsPerSecond(bytesPerSecond: number): number {
  return bytesPerSecond * 8;
}

export type BitRateUnit = { label: 'b/s' | 'kb/s' | 'Mb/s' | 'Gb/s' | 'Tb/s'; divisor: number };
const bitRateUnits: readonly BitRateUnit[] = [
  { label: 'Tb/s', divisor: 1e12 },
  { label: 'Gb/s', divisor: 1e9 },
  { label: 'Mb/s', divisor: 1e6 },
  { label: 'kb/s', divisor: 1e3 },
  { label: 'b/s', divisor: 1 },
];

// The largest decimal unit in which the value is at least 1, so a chart's axis reads in one unit
// chosen from its peak: 880 Mb/s, not 0.88 Gb/s; 2.4 Gb/s, not 2400 Mb/s.
export function bitRateUnitFor(bitsPerSecondValue: number): BitRateUnit {
  const magnitude = Math.abs(bitsPerSecondValue);
  return bitRateUnits.find((unit) => magnitude >= unit.divisor) ?? bitRateUnits[bitRateUnits.length - 1]!;
}

// '880 Mb/s', '2.45 Gb/s', '12.3 kb/s': three significant figures, in the value's own unit.
export function formatBitRate(bitsPerSecondValue: number | null): string {
  if (bitsPerSecondValue === null || !Number.isFinite(bitsPerSecondValue)) return '—';
  const unit = bitRateUnitFor(bitsPerSecondValue);
  const scaled = bitsPerSecondValue / unit.divisor;
  const digits = scaled >= 100 || unit.divisor === 1 ? 0 : scaled >= 10 ? 1 : 2;
  return `${scaled.toFixed(digits)} ${unit.label}`;
}
