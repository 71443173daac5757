import type { Scope } from '@lightpath/domain/actor';
import type {
  ChangeEventType,
  ChangePriority,
  ChangeReportRow,
  ChangeReportSortField,
} from '@lightpath/domain/change-reports';
import type { RawQuery } from '../../db/client';
import { epochSeconds, Params, pageOf, statementName } from '../../db/statements';
import { containsPattern } from '../../platform/scope';
import { eventsOfCustomerSql } from '../events/repository';

// The change management report reads the events area's tables (events, event_services) with the
// services and customers they name; it writes nothing. A customer sees an event only when it names one
// of its services, and in it only itself and its own services: the scope is in every statement.

export type ChangeReportWhere = {
  // Unix seconds, end exclusive: the events that START in the period (docs/decisions/037).
  start: number;
  end: number;
  customer?: number | undefined;
  type?: ChangeEventType | undefined;
  priority?: ChangePriority | undefined;
  approver?: string | undefined;
  q?: string | undefined;
};

// `customer` is the placeholder of the scope's customer, if the caller is a customer.
function whereOf(customer: string | null, filter: ChangeReportWhere, params: Params): string {
  const where = [
    'e.type in (1, 2)',
    `e.start_time >= to_timestamp(${params.add(filter.start)}::float8)`,
    `e.start_time < to_timestamp(${params.add(filter.end)}::float8)`,
  ];
  if (customer) where.push(eventsOfCustomerSql(customer));
  if (filter.customer !== undefined) where.push(eventsOfCustomerSql(params.add(filter.customer)));
  if (filter.type !== undefined) where.push(`e.type = ${params.add(filter.type)}`);
  if (filter.priority !== undefined) where.push(`e.priority = ${params.add(filter.priority)}`);
  if (filter.approver !== undefined) where.push(`e.approver = ${params.add(filter.approver)}`);
  if (filter.q) {
    const pattern = params.add(containsPattern(filter.q));
    // A ticket number typed into the search box finds its event too.
    const number = /^\d{1,9}$/.test(filter.q) ? ` or e.number = ${params.add(Number(filter.q))}` : '';
    where.push(`(e.title ilike ${pattern}${number})`);
  }
  return where.join(' and ');
}

const sortColumns: Record<ChangeReportSortField, string> = {
  starttime: 'e.start_time',
  number: 'e.number',
  title: 'e.title',
  type: 'e.type',
  priority: 'e.priority',
  approver: 'e.approver',
  duration: '(e.end_time - e.start_time)',
};

const pageColumns = `e.event_id, e.number, e.title, e.type, e.start_time, e.end_time, e.priority,
    e.initiator, e.approver, e.sla_type`;

// The customers (their codes) and services of one event within the scope.
const scopedNamesJoinSql = (customer: string | null) => `cross join lateral (
    select coalesce(array_agg(distinct c.customer_code order by c.customer_code), '{}') as customers,
      count(*)::int as servicecount
    from event_services es
      join services sv on sv.service_id = es.service_id
      join customers c on c.customer_id = sv.customer_id
    where es.event_id = e.event_id ${customer ? `and sv.customer_id = ${customer}` : ''}) n`;

export async function listChangeReportRows(
  query: RawQuery,
  scope: Scope,
  filter: ChangeReportWhere & {
    sort: { field: ChangeReportSortField; descending: boolean };
    limit: number;
    offset: number;
  },
): Promise<{ count: number; results: ChangeReportRow[] }> {
  const params = new Params();
  const customer = scope.kind === 'customer' ? params.add(scope.customerId) : null;
  const where = whereOf(customer, filter, params);
  const direction = filter.sort.descending ? 'desc' : 'asc';
  // Events without an end sort as the longest; the event id ends every order so pages never overlap.
  const nulls = filter.sort.field === 'duration' ? ` nulls ${filter.sort.descending ? 'first' : 'last'}` : '';
  const order = `${sortColumns[filter.sort.field]} ${direction}${nulls}, e.event_id ${direction}`;
  const countText = `select count(*)::int as total from events e where ${where}`;
  return pageOf<ChangeReportRow>(
    query,
    'change_report_rows',
    (limit, offset) => `with page as (
      select ${pageColumns} from events e where ${where} order by ${order} limit ${limit} offset ${offset}
    )
    select e.event_id as eventid, e.number, e.title, e.type::int as type,
      ${epochSeconds('e.start_time')} as starttime, ${epochSeconds('e.end_time')} as endtime,
      ${epochSeconds('e.end_time')} - ${epochSeconds('e.start_time')} as duration,
      e.priority::int as priority, e.initiator, e.approver, e.sla_type::int as slatype,
      n.customers, n.servicecount, (${countText}) as total
    from page e ${scopedNamesJoinSql(customer)}
    order by ${order}`,
    countText,
    params,
    filter,
  );
}

export type ChangeReportCounts = {
  total: number;
  scheduledworks: number;
  hazards: number;
  bypriority: { priority: number; count: number }[];
  byapprover: { approver: string; count: number }[];
  bybucket: { bucket: number; type: number; count: number }[];
  bycustomer: { customerid: number; customercode: string; customername: string; count: number }[];
  customercount: number;
};

// Every grouped count of the report in one round trip over the matched events (`m`): by type, priority,
// approver, chart bucket (`bucketStarts`, unix seconds, ascending: an event counts in the last bucket
// that starts at or before it) and customer within the scope, the `topCustomers` with most events.
export async function countChangeReport(
  query: RawQuery,
  scope: Scope,
  filter: ChangeReportWhere,
  bucketStarts: readonly number[],
  topCustomers: number,
): Promise<ChangeReportCounts> {
  const params = new Params();
  const customer = scope.kind === 'customer' ? params.add(scope.customerId) : null;
  const where = whereOf(customer, filter, params);
  const bounds = params.add(bucketStarts);
  const top = params.add(topCustomers);
  const text = `with m as materialized (
      select e.event_id, e.type, e.priority, e.approver, e.start_time from events e where ${where}
    ),
    cc as materialized (
      select sv.customer_id, count(distinct m.event_id)::int as n
      from m join event_services es on es.event_id = m.event_id
        join services sv on sv.service_id = es.service_id
      ${customer ? `where sv.customer_id = ${customer}` : ''}
      group by sv.customer_id
    )
    select
      (select count(*)::int from m) as total,
      (select count(*)::int from m where m.type = 1) as scheduledworks,
      (select count(*)::int from m where m.type = 2) as hazards,
      (select coalesce(json_agg(json_build_object('priority', x.priority, 'count', x.n)), '[]')
        from (select m.priority::int as priority, count(*)::int as n from m group by m.priority) x) as bypriority,
      (select coalesce(json_agg(json_build_object('approver', x.approver, 'count', x.n) order by x.n desc, x.approver), '[]')
        from (select m.approver, count(*)::int as n from m group by m.approver) x) as byapprover,
      (select coalesce(json_agg(json_build_object('bucket', x.bucket, 'type', x.type, 'count', x.n)), '[]')
        from (select width_bucket(extract(epoch from m.start_time)::float8, ${bounds}::float8[]) - 1 as bucket,
                m.type::int as type, count(*)::int as n
              from m group by 1, 2) x) as bybucket,
      (select count(*)::int from cc) as customercount,
      (select coalesce(json_agg(json_build_object('customerid', x.customer_id, 'customercode', x.customer_code,
                'customername', x.customer_name, 'count', x.n) order by x.n desc, x.customer_code), '[]')
        from (select cc.customer_id, c.customer_code, c.customer_name, cc.n
              from cc join customers c on c.customer_id = cc.customer_id
              order by cc.n desc, c.customer_code limit ${top}) x) as bycustomer`;
  const [row] = await query<ChangeReportCounts>(
    statementName('change_report_counts', text),
    text,
    params.values,
  );
  return row!;
}
