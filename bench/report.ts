// Writes bench/results/latest.json and latest.md (via a .tmp file and a rename, so a failed run never
// leaves half a result behind) and renders the Markdown table.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiLogBenchResult } from './api-log';
import type { ChangeBenchResult } from './change';
import type { DashboardTiming } from './dashboard';
import type { ExportBenchResult } from './export';
import type { PreflightBenchResult } from './preflight';
import type { Budget } from './scenarios';
import { renderSearchMarkdown, type SearchBenchResult } from './search';
import type { SlaBenchResult } from './sla';
import type { StartupResult } from './startup';

export type ScenarioResult = {
  name: string;
  method: string;
  path: string;
  target: 'app' | 'bare';
  as: string | null;
  connections: number;
  durationSeconds: number;
  replyBytes: number;
  requests: { total: number; perSecondMean: number; perSecondStddev: number };
  latencyMs: { mean: number; p50: number; p97_5: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  // The bare app's req/s for a body of this scenario's reply size (null: the 583-byte ceiling is used).
  sameSizeCeilingRps: number | null;
  // CPU milliseconds per request of the app's process and of PostgreSQL's backends serving the bench
  // database (cpu.ts); the database's is null on PGlite, whose work is in the app's figure.
  appCpuMsPerRequest?: number | null;
  databaseCpuMsPerRequest?: number | null;
  // The same scenario on an app that keeps no replies (issue 18's first read); null when not measured.
  firstRead?: FirstReadResult | null;
  ceilingRatio: number | null;
  budget: Budget | null;
  budgetText: string;
  budgetMet: boolean | null;
  note: string | null;
};

export type FirstReadResult = {
  requests: { total: number; perSecondMean: number };
  latencyMs: { p50: number; p97_5: number; p99: number };
  appCpuMsPerRequest: number | null;
  databaseCpuMsPerRequest: number | null;
  budget: Budget;
  budgetText: string;
  budgetMet: boolean | null;
};

// The name a first read's budget goes by in the list of budgets.
export const firstReadName = (scenario: string) => `${scenario}, first read`;

export type BudgetCheck = { name: string; budget: string; value: string; met: boolean | null };

export type BenchResults = {
  date: string;
  commit: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    platform: string;
    arch: string;
    node: string;
    // 1-minute load average before and after the run: above ~0.5 at the start, something else was busy.
    loadAverage: { atStart: number; atEnd: number };
  };
  settings: { seconds: number; warmupSeconds: number };
  database: {
    kind: string;
    version: string;
    seedScale: 'national';
    openAndMigrateMs: number;
    seedMs: number;
    customers: number;
    users: number;
  };
  ceilingPayloadBytes: number;
  scenarios: ScenarioResult[];
  startup: (StartupResult & { budgets: { freshMs: number; existingMs: number } }) | null;
  search: SearchBenchResult | null;
  dashboard: DashboardTiming | null;
  shelfPage: DashboardTiming | null;
  servicesExport: ExportBenchResult | null;
  listExports: ExportBenchResult[];
  preflight: PreflightBenchResult | null;
  apiLog?: ApiLogBenchResult | null;
  slaReport?: SlaBenchResult | null;
  changeReport?: ChangeBenchResult | null;
  budgets: BudgetCheck[];
};

const num = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (value: number) => (value < 10 ? num(value, 1) : num(value));
const verdict = (met: boolean | null) => (met === null ? '–' : met ? 'yes' : '**NO**');
const cpuMs = (value: number | null | undefined, inApp = false) =>
  value === null || value === undefined ? (inApp ? 'in app' : '–') : num(value, 2);

export function renderMarkdown(r: BenchResults): string {
  const lines: string[] = [];
  lines.push('# Lightpath benchmark', '');
  lines.push(
    `${r.date} · commit \`${r.commit}\` · ${r.machine.cpus} × ${r.machine.cpuModel}, ${num(r.machine.memoryGiB, 1)} GiB · ` +
      `Node ${r.machine.node} · ${r.database.kind} (${r.database.version.split(' on ')[0]}) · ` +
      `load average ${r.machine.loadAverage.atStart} at start, ${r.machine.loadAverage.atEnd} at end`,
    '',
  );
  lines.push(
    `Data: national seed, ${num(r.database.customers)} customers and ${num(r.database.users)} users, seeded in ` +
      `${num(r.database.seedMs / 1000, 1)} s (open and migrate ${num(r.database.openAndMigrateMs / 1000, 1)} s). ` +
      `Each scenario: ${r.settings.warmupSeconds} s warm-up, then ${r.settings.seconds} s measured.`,
    '',
  );

  lines.push('## Requests', '');
  lines.push(
    '| scenario | conn | reply bytes | req/s | p50 ms | p97.5 ms | p99 ms | app CPU ms/req | PG CPU ms/req | ceiling req/s | of ceiling | errors | non-2xx | budget | met |',
  );
  lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|:-:|');
  const pgInApp = r.database.kind === 'pglite';
  for (const s of r.scenarios) {
    const ratio = s.ceilingRatio === null ? '–' : `${num(s.ceilingRatio * 100, 1)}%`;
    lines.push(
      `| ${s.name} | ${s.connections} | ${num(s.replyBytes)} | ${num(s.requests.perSecondMean)} | ${ms(s.latencyMs.p50)} | ` +
        `${ms(s.latencyMs.p97_5)} | ${ms(s.latencyMs.p99)} | ${cpuMs(s.appCpuMsPerRequest)} | ${cpuMs(s.databaseCpuMsPerRequest, pgInApp && s.target === 'app')} | ` +
        `${s.sameSizeCeilingRps === null ? '–' : num(s.sameSizeCeilingRps)} | ${ratio} | ${s.errors} | ${s.non2xx} | ${s.budgetText} | ${verdict(s.budgetMet)} |`,
    );
  }
  lines.push('');

  const firstReads = r.scenarios.filter((s) => s.firstRead);
  if (firstReads.length > 0) {
    lines.push(
      '## First reads (nothing kept: `REPLY_CACHE_MB=0`, no `If-None-Match`)',
      '',
      'The list scenarios above again, each right after its repeat reads, on a second app on the same database that keeps no replies, so every request runs its queries.',
      '',
      '| scenario | req/s | p50 ms | p97.5 ms | p99 ms | app CPU ms/req | PG CPU ms/req | repeat-read req/s | budget | met |',
      '|---|--:|--:|--:|--:|--:|--:|--:|---|:-:|',
    );
    for (const s of firstReads) {
      const f = s.firstRead!;
      lines.push(
        `| ${s.name} | ${num(f.requests.perSecondMean)} | ${ms(f.latencyMs.p50)} | ${ms(f.latencyMs.p97_5)} | ${ms(f.latencyMs.p99)} | ` +
          `${cpuMs(f.appCpuMsPerRequest)} | ${cpuMs(f.databaseCpuMsPerRequest)} | ${num(s.requests.perSecondMean)} | ${f.budgetText} | ${verdict(f.budgetMet)} |`,
      );
    }
    lines.push('');
  }

  if (r.startup) {
    const st = r.startup;
    lines.push('## Start-up (`node apps/server/dist/main.js` to healthy, embedded PGlite)', '');
    lines.push('| measure | ms | budget | met |', '|---|--:|---|:-:|');
    lines.push(
      `| fresh data directory (create, migrate, seed demo data) | ${num(st.freshMs)} | < ${num(st.budgets.freshMs)} | ${verdict(st.freshMs < st.budgets.freshMs)} |`,
    );
    lines.push(
      `| existing data directory (median of ${st.existingSamplesMs.length}: ${st.existingSamplesMs.map((v) => num(v)).join(', ')}) | ` +
        `${num(st.existingMs)} | < ${num(st.budgets.existingMs)} | ${verdict(st.existingMs < st.budgets.existingMs)} |`,
    );
    lines.push(
      `| \`npm start\`'s up-to-date build check, before the server starts | ${num(st.buildCheckMs)} | | |`,
    );
    lines.push('');
  }

  if (r.search) lines.push(...renderSearchMarkdown(r.search));

  // Every judged budget in one table, the ones measured outside autocannon (preflight, dashboard) included.
  const measuredElsewhere = r.budgets.filter(
    (b) => !r.scenarios.some((s) => s.name === b.name || firstReadName(s.name) === b.name),
  );
  if (measuredElsewhere.length > 0) {
    lines.push('## Other budgets', '', '| measure | value | budget | met |', '|---|---|---|:-:|');
    for (const b of measuredElsewhere)
      lines.push(`| ${b.name} | ${b.value} | ${b.budget} | ${verdict(b.met)} |`);
    lines.push('');
  }

  const notes = r.scenarios.filter((s) => s.note).map((s) => `- ${s.name}: ${s.note}`);
  lines.push('## Notes', '');
  lines.push(
    `- The ceiling is a bare Fastify app (no plugins, hooks or schemas) in its own process, as is the real app; autocannon runs in a third. Its first row returns a static JSON object of ${num(r.ceilingPayloadBytes)} bytes, the size of the real GET /api/user/me reply in this run. A scenario with a ceiling budget is compared with the same app answering a pre-serialised body of exactly that scenario's reply size (ceiling req/s), measured right after it; the others with the first row.`,
    '- Repeat reads: each scenario sends the same request with the same token, so after the first request the app answers lists from its kept replies (docs/decisions/028) while nothing is written; the ticket POST at the end writes.',
    '- req/s is the mean of the per-second samples; latencies are per request, over the measured seconds only.',
    "- app CPU ms/req: the app process's user and system CPU over the measured seconds (/proc/<pid>/stat) divided by the requests answered. PG CPU ms/req: the same for PostgreSQL's backends connected to the bench database (the apps' pools and any autovacuum worker on it; not PostgreSQL's shared background processes), sampled through pg_stat_activity before and after; on PGlite the database runs in the app's process and is in the app's figure. CPU per request is what other load on a shared machine changes least.",
    ...notes,
    '',
  );
  const missed = r.budgets.filter((b) => b.met === false);
  lines.push(
    missed.length === 0
      ? 'All budgets met.'
      : `Budgets missed: ${missed.map((b) => `${b.name} (${b.value}, budget ${b.budget})`).join('; ')}.`,
    '',
  );
  return lines.join('\n');
}

export function writeResults(resultsDir: string, results: BenchResults) {
  const files: [string, string][] = [
    ['latest.json', `${JSON.stringify(results, null, 2)}\n`],
    ['latest.md', renderMarkdown(results)],
  ];
  for (const [name, content] of files) writeFileSync(join(resultsDir, `${name}.tmp`), content);
  for (const [name] of files) renameSync(join(resultsDir, `${name}.tmp`), join(resultsDir, name));
}
