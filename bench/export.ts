import { readFileSync } from 'node:fs';

// Issue 16's budget: the CSV export of all 30,000 services (national data) in under 3 s, streamed, with
// the server's memory flat. Each run downloads GET /api/export/services as the NOC, timing the first
// byte and the last, and samples the app process's resident memory every 20 ms while it streams. The
// national events and tickets lists, the longest after services, are held to the same budget.
export const servicesExportBudget = { maxMs: 3000 } as const;
export const listExportPaths = ['/api/export/events?view=all', '/api/export/tickets'] as const;

export type ExportRun = {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rows: number;
  rssGrowthMiB: number;
};
export type ExportBenchResult = {
  path: string;
  runs: ExportRun[];
  medianMs: number;
  worstMs: number;
  rows: number;
  bytes: number;
  // The largest growth of the app's resident memory over its size just before a download began.
  maxRssGrowthMiB: number;
  budget: typeof servicesExportBudget;
  met: boolean;
};

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

type ExportOptions = {
  base: string;
  token: string;
  pid: number;
  runs?: number;
  log: (line: string) => void;
};

export const measureServicesExport = (options: ExportOptions) =>
  measureListExport({ ...options, path: '/api/export/services' });

export async function measureListExport(
  options: ExportOptions & { path: string },
): Promise<ExportBenchResult> {
  const label = options.path.replace(/^\/api\/export\/([a-z]+).*$/, '$1');
  const runs: ExportRun[] = [];
  for (let i = 0; i < (options.runs ?? 5); i++) {
    const before = rssMiB(options.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB(options.pid));
    }, 20);
    const start = performance.now();
    const response = await fetch(`${options.base}${options.path}`, {
      headers: { 'x-auth-token': options.token },
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    let firstByteMs = 0;
    let bytes = 0;
    let lineBreaks = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteMs = performance.now() - start;
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lineBreaks++;
    }
    const totalMs = performance.now() - start;
    clearInterval(sampler);
    peak = Math.max(peak, rssMiB(options.pid));
    // One line per row after the header (the seed's descriptions, titles and subjects hold no line breaks).
    const run = { firstByteMs, totalMs, bytes, rows: lineBreaks - 1, rssGrowthMiB: peak - before };
    options.log(
      `${label} export: ${run.rows} rows, ${(bytes / 2 ** 20).toFixed(1)} MiB, first byte ${Math.round(firstByteMs)} ms, all ${Math.round(totalMs)} ms, memory +${run.rssGrowthMiB.toFixed(1)} MiB`,
    );
    runs.push(run);
  }
  const times = runs.map((r) => r.totalMs).sort((a, b) => a - b);
  const medianMs = Math.round(times[Math.floor(times.length / 2)]!);
  const worstMs = Math.round(times.at(-1)!);
  return {
    path: options.path,
    runs,
    medianMs,
    worstMs,
    rows: runs[0]!.rows,
    bytes: runs[0]!.bytes,
    maxRssGrowthMiB: Math.max(...runs.map((r) => r.rssGrowthMiB)),
    budget: servicesExportBudget,
    met: worstMs < servicesExportBudget.maxMs,
  };
}
