// A report's timing (issue 17): each case asked `runs` times one after another, timing the whole reply,
// body included. Reports are read as a page and two files, so the median and the worst of a few runs
// say more than a load test's requests per second.
export type ReportCase = { name: string; path: string; as: string; budgetMs?: number };

export type ReportRun = {
  name: string;
  path: string;
  as: string;
  runsMs: number[];
  medianMs: number;
  worstMs: number;
  bytes: number;
  // The last run's body, for a figure the caller reads from it (a count).
  body: Buffer;
  budgetMs: number | null;
  met: boolean | null;
};

export async function timeReportCases(options: {
  base: string;
  cases: readonly ReportCase[];
  tokenOf: (as: string) => string;
  runs?: number;
  label: string;
  log: (line: string) => void;
}): Promise<ReportRun[]> {
  const results: ReportRun[] = [];
  for (const c of options.cases) {
    const times: number[] = [];
    let body = Buffer.alloc(0);
    for (let i = 0; i < (options.runs ?? 5); i++) {
      const start = performance.now();
      const response = await fetch(`${options.base}${c.path}`, {
        headers: { 'x-auth-token': options.tokenOf(c.as) },
      });
      body = Buffer.from(await response.arrayBuffer());
      times.push(performance.now() - start);
      if (!response.ok)
        throw new Error(`${c.path} answered ${response.status}: ${body.toString().slice(0, 200)}`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const worst = sorted.at(-1)!;
    const run: ReportRun = {
      name: c.name,
      path: c.path,
      as: c.as,
      runsMs: times.map(Math.round),
      medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!),
      worstMs: Math.round(worst),
      bytes: body.length,
      body,
      budgetMs: c.budgetMs ?? null,
      met: c.budgetMs === undefined ? null : worst < c.budgetMs,
    };
    options.log(
      `${options.label}, ${c.name}: median ${run.medianMs} ms, worst ${run.worstMs} ms (${run.runsMs.join(' ')}), ${run.bytes} bytes`,
    );
    results.push(run);
  }
  return results;
}
