import { z } from 'zod';
import { text } from './api';
import { serviceIdParamSchema } from './services';

// Spec 9: utilisation over the last hour, traffic history over the last six.
export const utilisationTimespanHours = 1;
export const trafficTimespanHours = 6;
export const maxTimespanHours = 24 * 31;

export const telemetryMessages = {
  unavailable: 'Telemetry is unavailable at the moment; usage is shown as 0%',
  timespanInvalid: 'Timespan must be a whole number of hours from 1 to 744',
  endInvalid: 'End must be a unix time in seconds, or 0 for now',
  portNotFound: 'Port not found',
} as const;

// The API contract (docs/decisions/023-one-api-contract.md): what the telemetry routes take and
// answer (spec 3 and 7.3). Times are unix seconds.

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

export const serviceSpanParamsSchema = z.object({ serviceid, timespan });
export const lightHistoryParamsSchema = z.object({ serviceid, end: windowEnd, timespan });
export const portParamsSchema = z.object({ portid });
export const portSpanParamsSchema = z.object({ portid, timespan });

const linkState = z.enum(['UP', 'DOWN']);
const lineEnd = z.enum(['A', 'B']);
const point = z.object({ value: z.number(), datetime: z.number() });
const light = z.object({ rx: z.number(), tx: z.number() });

export const utilisationSchema = z.object({ atob: z.number(), btoa: z.number() });
export type Utilisation = z.output<typeof utilisationSchema>;
export type TrafficPoint = z.output<typeof point>;
export const trafficHistorySchema = z.object({ atob: z.array(point), btoa: z.array(point) });
export type TrafficHistory = z.output<typeof trafficHistorySchema>;
export const lightLevelsSchema = z.object({ aend: light.nullable(), bend: light.nullable() });
export type LightLevels = z.output<typeof lightLevelsSchema>;
export const linkStatusSchema = z.object({
  overallstatus: linkState,
  aend: linkState,
  bend: linkState.nullable(),
});
export type LinkStatus = z.output<typeof linkStatusSchema>;
export const trafficValuesSchema = z.object({ atob: z.number(), btoa: z.number(), datetime: z.number() });
export type TrafficValues = z.output<typeof trafficValuesSchema>;
const operationalChange = z.object({ datetime: z.number(), status: linkState, end: lineEnd });
export type OperationalChange = z.output<typeof operationalChange>;
export const operationalHistorySchema = z.object({ changes: z.array(operationalChange) });
export const endToEndCheckSchema = z.object({
  ok: z.boolean(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
});
export type EndToEndCheck = z.output<typeof endToEndCheckSchema>;
export const lightHistorySchema = z.object({ aend: z.array(point), bend: z.array(point) });

export const portSchema = z.object({
  portid: z.string(),
  status: linkState.nullable(),
  equipmentid: z.number().nullable(),
  equipmentname: z.string().nullable(),
  services: z.array(z.object({ serviceid: z.string(), end: lineEnd, status: z.number() })),
});
export const portLightLevelsSchema = z.object({ rx: z.number().nullable(), tx: z.number().nullable() });
export const portTrafficValuesSchema = z.object({ in: z.number(), out: z.number(), datetime: z.number() });
export const portOperationalStatusSchema = z.object({ status: linkState.nullable(), datetime: z.number() });
export const portLightHistorySchema = z.object({ rx: z.array(point), tx: z.array(point) });
export const portTrafficHistorySchema = z.object({ in: z.array(point), out: z.array(point) });

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
