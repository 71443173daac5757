import type { ApiLog, ApiLogFilter, apiLogSortFields } from '@lightpath/domain/api-logs';
import { statusRange } from '@lightpath/domain/api-logs';
import type { RawQuery } from '../../db/client';
import { Params, pageOf } from '../../db/statements';
import { containsPattern } from '../../platform/scope';

// The API logs are the provider's own records (no customer's rows): the permission alone guards them
// (apilogs.view, the NOC). Written only by platform/api-log.ts; read and pruned here.

export type ApiLogSortField = (typeof apiLogSortFields)[number];
export type ApiLogListFilter = Omit<ApiLogFilter, 'from' | 'to'> & {
  from: number;
  to: number;
  sort: { field: ApiLogSortField; descending: boolean };
  limit: number;
  offset: number;
};

const apiLogColumns = `l.id::float8 as id, extract(epoch from l.at)::float8 as time, l.user_id as userid,
  l.email, l.customer_id as customerid, c.customer_code as customercode, l.acting_type::int as actingtype,
  l.method, l.route, l.path, l.status::int as status, l.calls, round(l.duration_ms::numeric, 2)::float8 as durationms,
  round(l.max_duration_ms::numeric, 2)::float8 as maxdurationms,
  l.address, l.user_agent as useragent, l.request_id as requestid`;

const sortKeys: Record<ApiLogSortField, string[]> = {
  time: ['l.at', 'l.id'],
  duration: ['l.duration_ms', 'l.id'],
};

function apiLogWhere(filter: ApiLogListFilter, params: Params): string {
  // The period is whole seconds, both ends included.
  const where = [
    `l.at >= to_timestamp(${params.add(filter.from)})`,
    `l.at < to_timestamp(${params.add(filter.to + 1)})`,
  ];
  if (filter.method) where.push(`l.method = ${params.add(filter.method)}`);
  if (filter.status) {
    const { min, max } = statusRange(filter.status);
    where.push(
      min === max
        ? `l.status = ${params.add(min)}::smallint`
        : `l.status between ${params.add(min)}::smallint and ${params.add(max)}::smallint`,
    );
  }
  if (filter.user) where.push(`l.email ilike ${params.add(containsPattern(filter.user))}`);
  if (filter.route) {
    const pattern = params.add(containsPattern(filter.route));
    where.push(`(l.route ilike ${pattern} or l.path ilike ${pattern})`);
  }
  // The schema lets through only the characters of an address, so no LIKE wildcard can be in it.
  if (filter.address) where.push(`l.address like ${params.add(`${filter.address.toLowerCase()}%`)}`);
  if (filter.q) {
    const pattern = params.add(containsPattern(filter.q));
    where.push(`(l.email ilike ${pattern} or l.path ilike ${pattern} or l.route ilike ${pattern}
      or l.address ilike ${pattern} or l.request_id ilike ${pattern})`);
  }
  return where.join(' and ');
}

export async function listApiLogs(
  query: RawQuery,
  filter: ApiLogListFilter,
): Promise<{ count: number; results: ApiLog[] }> {
  const params = new Params();
  const where = apiLogWhere(filter, params);
  const direction = filter.sort.descending ? 'desc' : 'asc';
  const order = sortKeys[filter.sort.field].map((key) => `${key} ${direction}`).join(', ');
  const countText = `select count(*)::int as total from api_logs l where ${where}`;
  return pageOf<ApiLog>(
    query,
    'lightpath_api_logs',
    (limit, offset) => `with page as (
      select l.* from api_logs l where ${where} order by ${order} limit ${limit} offset ${offset}
    )
    select ${apiLogColumns}, (${countText}) as total
    from page l left join customers c on c.customer_id = l.customer_id
    order by ${order}`,
    countText,
    params,
    filter,
  );
}

// Deletes up to `batch` records older than `before`; how many it deleted. Small batches keep each
// transaction short, so the writes of the API logs themselves never wait long behind it.
export async function deleteApiLogsBefore(query: RawQuery, before: Date, batch: number): Promise<number> {
  const rows = await query<{ deleted: number }>(
    'lightpath_api_logs_prune',
    `with gone as (
      delete from api_logs where id in (
        select id from api_logs where at < $1 order by at limit $2
      ) returning 1
    ) select count(*)::int as deleted from gone`,
    [before, batch],
  );
  return rows[0]?.deleted ?? 0;
}
