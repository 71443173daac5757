import { parseSort } from '@lightpath/domain/api';
import { type ApiLogFilter, apiLogSortFields, resolvePeriod } from '@lightpath/domain/api-logs';
import { startBackgroundJob } from '../../platform/background-job';
import type { Dependencies, ServiceContext } from '../../platform/service-context';
import { deleteApiLogsBefore, listApiLogs } from './repository';

type ApiLogListInput = ApiLogFilter & { sort?: string | undefined; limit: number; offset: number };

// Newest first unless asked otherwise: the NOC looks for what just happened.
export async function listApiLogsFor(ctx: ServiceContext, input: ApiLogListInput) {
  const sort = input.sort
    ? parseSort(input.sort, apiLogSortFields, 'time')
    : { field: 'time' as const, descending: true };
  const period = resolvePeriod(input, Math.floor(Date.now() / 1000));
  const page = await listApiLogs(ctx.query, { ...input, ...period, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

const pruneBatch = 10_000;
const dayMs = 86_400_000;

// One round: every record older than the retention, in batches. Two instances pruning at once only
// delete the same old rows sooner; neither can delete a row that is still within the retention.
export async function pruneApiLogs(
  deps: Pick<Dependencies, 'query' | 'config'>,
  now = Date.now(),
): Promise<number> {
  const before = new Date(now - deps.config.apiLog.retentionDays * dayMs);
  let total = 0;
  for (;;) {
    const deleted = await deleteApiLogsBefore(deps.query, before, pruneBatch);
    total += deleted;
    if (deleted < pruneBatch) return total;
  }
}

// At start-up and then hourly (API_LOG_RETENTION_DAYS, docs/configuration.md).
export function startApiLogPruning(
  deps: Pick<Dependencies, 'query' | 'config' | 'log'>,
  options: { intervalMs?: number } = {},
): () => void {
  return startBackgroundJob(
    'API log pruning',
    deps.log,
    async () => {
      const deleted = await pruneApiLogs(deps);
      if (deleted > 0) deps.log.info({ deleted }, 'API log records past their retention deleted');
    },
    options.intervalMs ?? 3_600_000,
  );
}
