// Issue 17's budget: logging every API call (platform/api-log.ts) costs GET /api/user/me less than 5%
// of its requests per second. Two apps serve the same database, one with API_LOG=false; user/me is
// loaded on each in turn, on-off pairs, so drift on a shared machine (other work, PostgreSQL's
// checkpoints, the growing api_logs table) falls on both alike. The figure is the median of each side
// and the ratio of the medians.
export const apiLogBudget = { minOnOffRatio: 0.95 } as const;

export type ApiLogLoad = { rps: number; cpuUsPerRequest: number };

export type ApiLogBenchResult = {
  pairs: { onRps: number; offRps: number; onCpuUs: number; offCpuUs: number }[];
  onMedianRps: number;
  offMedianRps: number;
  ratio: number;
  costPercent: number;
  // The server's CPU microseconds per request, medians, and what logging adds in percent.
  onMedianCpuUs: number;
  offMedianCpuUs: number;
  cpuCostPercent: number;
  budget: typeof apiLogBudget;
  met: boolean;
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function measureApiLogCost(options: {
  // Loads GET /api/user/me on the app at `base` for the bench's measured seconds.
  load: (base: string) => Promise<ApiLogLoad>;
  logging: string;
  silent: string;
  pairs: number;
  log: (line: string) => void;
}): Promise<ApiLogBenchResult> {
  const pairs: ApiLogBenchResult['pairs'] = [];
  for (let i = 0; i < options.pairs; i++) {
    // Alternate which side goes first, so neither always follows the other's load.
    const first = i % 2 === 0 ? options.logging : options.silent;
    const second = first === options.logging ? options.silent : options.logging;
    const a = await options.load(first);
    const b = await options.load(second);
    const [on, off] = first === options.logging ? [a, b] : [b, a];
    const pair = {
      onRps: on.rps,
      offRps: off.rps,
      onCpuUs: on.cpuUsPerRequest,
      offCpuUs: off.cpuUsPerRequest,
    };
    pairs.push(pair);
    options.log(
      `API log cost, pair ${i + 1}: on ${Math.round(pair.onRps)} req/s (${pair.onCpuUs.toFixed(1)} µs CPU each), off ${Math.round(pair.offRps)} req/s (${pair.offCpuUs.toFixed(1)} µs)`,
    );
  }
  const onMedianRps = median(pairs.map((p) => p.onRps));
  const offMedianRps = median(pairs.map((p) => p.offRps));
  const onMedianCpuUs = median(pairs.map((p) => p.onCpuUs));
  const offMedianCpuUs = median(pairs.map((p) => p.offCpuUs));
  const ratio = onMedianRps / offMedianRps;
  return {
    pairs,
    onMedianRps,
    offMedianRps,
    ratio,
    costPercent: (1 - ratio) * 100,
    onMedianCpuUs,
    offMedianCpuUs,
    cpuCostPercent: (onMedianCpuUs / offMedianCpuUs - 1) * 100,
    budget: apiLogBudget,
    met: ratio >= apiLogBudget.minOnOffRatio,
  };
}
