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
