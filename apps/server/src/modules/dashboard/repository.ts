import type { Scope } from '@lightpath/domain/actor';
import type { ServiceCondition, SiteCondition } from '@lightpath/domain/conditions';
import type { EventType } from '@lightpath/domain/events';
import type { SiteType } from '@lightpath/domain/sites';
import type { RawQuery } from '../../db/client';
import { Params, statementName } from '../../db/statements';
import {
  affectedSitesSql,
  currentServiceConditionsSql,
  siteConditionSql,
  siteServiceTotalSql,
} from '../services/conditions-sql';

// Reads for the dashboard cards, the network problems and items-needing-attention modals and the
// network map. Every condition comes from conditions-sql.ts, worked out from the few current events
// once per query rather than once per row, so the national data set (10,000 sites, 30,000 services)
// costs a scan, not 30,000 subqueries.

function scopeSql(scope: Scope, column: string, params: Params): string {
  return scope.kind === 'all' ? 'true' : `${column} = ${params.add(scope.customerId)}`;
}

// The affected sites with their totals, as a CTE `affected`: the total is counted for these few
// sites only. Written inside the site query instead, the planner would price a count for each of
// the 10,000 sites and, above jit_above_cost, spend half a second compiling the query with JIT.
const affectedWithTotals = `affected as (
    select a.site_id, a.maintenance, a.atrisk, a.offline, ${siteServiceTotalSql('a.site_id')} as total
    from (${affectedSitesSql}) a)`;

// A site's condition over `s` (the site) left-joined to `h` (its row of affected, if any).
const siteCondition = siteConditionSql({
  sitetype: 's.site_type',
  total: 'h.total',
  maintenance: 'h.maintenance',
  atrisk: 'h.atrisk',
  offline: 'h.offline',
});

// Only places have a position on the map: physical and interconnect sites with coordinates.
const placedSql = (alias: string) =>
  `${alias}.site_type in (1, 5) and ${alias}.latitude is not null and ${alias}.longitude is not null`;

// Dashboard cards: enabled services by condition; sites by status and condition.
export async function countServicesByCondition(query: RawQuery, scope: Scope) {
  const params = new Params();
  const text = `select coalesce(h.condition, 0)::int as condition, count(*)::int as n
    from services s left join (${currentServiceConditionsSql}) h on h.service_id = s.service_id
    where s.status <> 0 and ${scopeSql(scope, 's.customer_id', params)}
    group by 1`;
  return query<{ condition: number; n: number }>(statementName('dash_services', text), text, params.values);
}

export async function countSitesByCondition(query: RawQuery, scope: Scope) {
  const params = new Params();
  // Only affected sites pay for their service total (siteConditionSql reads it in one branch).
  const text = `with ${affectedWithTotals}
    select s.status::int as status, ${siteCondition}::int as condition, count(*)::int as n
    from sites s left join affected h on h.site_id = s.site_id
    where ${scopeSql(scope, 's.customer_id', params)}
    group by 1, 2`;
  return query<{ status: number; condition: number; n: number }>(
    statementName('dash_sites', text),
    text,
    params.values,
  );
}

export type ProblemSiteRow = {
  siteid: number;
  sitenumber: string;
  sitename: string;
  sitetype: SiteType;
  customercode: string;
  condition: SiteCondition;
  // Whether the map can place it (placedSql): a VPLS or L3VPN is no place, and a site may lack
  // coordinates. The map names the ones it cannot draw, so its count and the dashboard's agree.
  placed: boolean;
};

// Sites whose condition is not online, worst first. Sites without an affected service are online, so
// the candidates are the affected ones only.
export async function listProblemSites(query: RawQuery, scope: Scope): Promise<ProblemSiteRow[]> {
  const params = new Params();
  const text = `with ${affectedWithTotals}
    select * from (
      select s.site_id as siteid, s.site_number as sitenumber, s.site_name as sitename,
             s.site_type::int as sitetype, c.customer_code as customercode,
             ${siteCondition}::int as condition, (${placedSql('s')}) as placed
      from affected h
      join sites s on s.site_id = h.site_id
      join customers c on c.customer_id = s.customer_id
      where ${scopeSql(scope, 's.customer_id', params)}
    ) p
    where p.condition <> 0
    order by p.condition desc, p.customercode, p.sitenumber, p.siteid`;
  return query<ProblemSiteRow>(statementName('dash_problem_sites', text), text, params.values);
}

export type ProblemServiceRow = {
  serviceid: string;
  description: string;
  customercode: string;
  condition: ServiceCondition;
};

// Enabled services with a current event (a disabled service carries no traffic).
export async function listProblemServices(query: RawQuery, scope: Scope): Promise<ProblemServiceRow[]> {
  const params = new Params();
  const text = `select s.service_id as serviceid, s.description, c.customer_code as customercode,
           h.condition::int as condition
    from (${currentServiceConditionsSql}) h
    join services s on s.service_id = h.service_id
    join customers c on c.customer_id = s.customer_id
    where s.status <> 0 and h.condition <> 0 and ${scopeSql(scope, 's.customer_id', params)}
    order by h.condition desc, c.customer_code, s.service_id`;
  return query<ProblemServiceRow>(statementName('dash_problem_services', text), text, params.values);
}

export type ServiceEventRow = {
  serviceid: string;
  eventid: number;
  title: string;
  type: EventType;
  starttime: number;
  endtime: number | null;
};

// The events of these services that have not ended yet; the caller keeps the current ones
// (isCurrentEvent), so "current" stays one rule.
export async function listOpenEventsOf(query: RawQuery, serviceIds: readonly string[]) {
  if (serviceIds.length === 0) return [];
  const text = `select es.service_id as serviceid, e.event_id as eventid, e.title, e.type::int as type,
           floor(extract(epoch from e.start_time))::float8 as starttime,
           floor(extract(epoch from e.end_time))::float8 as endtime
    from event_services es join events e on e.event_id = es.event_id
    where es.service_id = any($1::text[]) and (e.end_time is null or e.end_time > now())
    order by e.start_time, e.event_id`;
  return query<ServiceEventRow>('dash_open_events', text, [serviceIds]);
}

// Items needing attention: data-quality checks, each a query over indexed columns, worst kind first.
// Enabled records only: a disabled site or service is not waiting for anything. Each check returns
// its first rows (by customer, then site number or service id) and its full count in one scan: a
// small top-N sort per check instead of sorting thousands of rows.
export type AttentionRule =
  | 'serviceOnDisabledSite'
  | 'siteWithoutPrimaryContact'
  | 'serviceWithoutSubscribers'
  | 'siteWithoutCoordinates'
  | 'serviceWithoutProvisionDate'
  | 'siteWithoutServices';

export type AttentionRow = {
  node: 'site' | 'service';
  id: string;
  rule: AttentionRule;
  sitenumber: string | null;
  sitename: string | null;
  customercode: string;
  // For a service on a disabled site: that site's number and name.
  other: string | null;
  // How many records the rule finds in all.
  ruletotal: number;
};

type Check = { rule: AttentionRule; node: 'site' | 'service'; from: string; where: string; other?: string };

const attentionChecks: Check[] = [
  {
    rule: 'serviceOnDisabledSite',
    node: 'service',
    from: 'services sv',
    where: `sv.status <> 0
      and (sv.a_end_site_id in (select d.site_id from sites d where d.status = 0)
        or sv.b_end_site_id in (select d.site_id from sites d where d.status = 0))`,
    other: `(select string_agg(d.site_number || ' ' || d.site_name, ', ' order by d.site_number)
      from sites d where d.site_id in (sv.a_end_site_id, sv.b_end_site_id) and d.status = 0)`,
  },
  {
    rule: 'siteWithoutPrimaryContact',
    node: 'site',
    from: 'sites s',
    where: `s.status <> 0 and s.site_type in (1, 5)
      and not exists (select 1 from site_contacts sc where sc.site_id = s.site_id and sc.contact_type = 1)`,
  },
  {
    rule: 'serviceWithoutSubscribers',
    node: 'service',
    from: 'services sv',
    where:
      // not in over a hashed list of the subscribed services: one pass, where not exists would probe
      // the subscriptions once per service in the list's order.
      'sv.status <> 0 and sv.service_id not in (select n.service_id from service_notifications n)',
  },
  {
    rule: 'siteWithoutCoordinates',
    node: 'site',
    from: 'sites s',
    where: 's.status <> 0 and s.site_type = 1 and (s.latitude is null or s.longitude is null)',
  },
  {
    rule: 'serviceWithoutProvisionDate',
    node: 'service',
    from: 'services sv',
    where: 'sv.status <> 0 and sv.provision_date is null',
  },
  {
    rule: 'siteWithoutServices',
    node: 'site',
    from: 'sites s',
    where: `s.status <> 0
      and not exists (select 1 from services sv where sv.a_end_site_id = s.site_id and sv.status <> 0)
      and not exists (select 1 from services sv where sv.b_end_site_id = s.site_id and sv.status <> 0)`,
  },
];

export async function listAttentionItems(
  query: RawQuery,
  scope: Scope,
  cap: number,
): Promise<AttentionRow[]> {
  const params = new Params();
  const customer = scope.kind === 'all' ? null : params.add(scope.customerId);
  const limit = params.add(cap);
  const parts = attentionChecks.map((check, priority) => {
    const alias = check.node === 'site' ? 's' : 'sv';
    const scoped = customer ? `${alias}.customer_id = ${customer}` : 'true';
    const columns =
      check.node === 'site'
        ? `s.site_id::text as id, s.site_number as sitenumber, s.site_name as sitename, s.customer_id`
        : `sv.service_id::text as id, null::text as sitenumber, null::text as sitename, sv.customer_id`;
    const order =
      check.node === 'site' ? 's.customer_id, s.site_number, s.site_id' : 'sv.customer_id, sv.service_id';
    return `(select ${priority} as priority, '${check.node}' as node, '${check.rule}' as rule, ${columns},
        ${check.other ?? 'null::text'} as other, (count(*) over ())::int as ruletotal
      from ${check.from}
      where ${check.where} and ${scoped}
      order by ${order}
      limit ${limit})`;
  });
  const text = `select i.node, i.id, i.rule, i.sitenumber, i.sitename, c.customer_code as customercode, i.other,
      i.ruletotal
    from (${parts.join(' union all ')}) i
    join customers c on c.customer_id = i.customer_id
    order by i.priority, c.customer_code, i.sitenumber, i.id`;
  return query<AttentionRow>(statementName('dash_attention', text), text, params.values);
}

// How many sites and how many services need attention: a site missing a contact and coordinates is
// one site with two items. The same checks without their caps.
export async function countAttentionRecords(
  query: RawQuery,
  scope: Scope,
): Promise<{ node: 'site' | 'service'; n: number }[]> {
  const params = new Params();
  const customer = scope.kind === 'all' ? null : params.add(scope.customerId);
  const parts = attentionChecks.map((check) => {
    const alias = check.node === 'site' ? 's' : 'sv';
    const scoped = customer ? `${alias}.customer_id = ${customer}` : 'true';
    const id = check.node === 'site' ? 's.site_id::text' : 'sv.service_id';
    return `select '${check.node}' as node, ${id} as id from ${check.from} where ${check.where} and ${scoped}`;
  });
  const text = `select i.node, count(distinct i.id)::int as n from (${parts.join(' union all ')}) i group by i.node`;
  return query<{ node: 'site' | 'service'; n: number }>(
    statementName('dash_attention_records', text),
    text,
    params.values,
  );
}

// The network map. Only places have a position: physical and interconnect sites with coordinates.
export type MapSiteRow = {
  siteid: number;
  sitenumber: string;
  sitename: string;
  sitetype: SiteType;
  status: 0 | 1;
  latitude: number;
  longitude: number;
  condition: SiteCondition;
  customercode: string;
  customerid: number;
};

const placed = placedSql('s');
// Five decimals is about a metre: enough for a map, and the national reply is a tenth smaller than
// with the stored doubles' full digits.
const coordinates = `round(s.latitude::numeric, 5)::float8 as latitude, round(s.longitude::numeric, 5)::float8 as longitude`;

// Every placed site (the provider's view), each with its condition.
export async function listMapSites(query: RawQuery): Promise<MapSiteRow[]> {
  const text = `with ${affectedWithTotals}
    select s.site_id as siteid, s.site_number as sitenumber, s.site_name as sitename,
           s.site_type::int as sitetype, s.status::int as status, ${coordinates},
           ${siteCondition}::int as condition, c.customer_code as customercode, s.customer_id as customerid
    from sites s
    join customers c on c.customer_id = s.customer_id
    left join affected h on h.site_id = s.site_id
    where ${placed}
    order by s.site_id`;
  return query<MapSiteRow>('dash_map_sites', text, []);
}

// One customer's placed sites and the placed far ends of its enabled services (a PoP, another
// customer's site), each with its condition; the caller re-reads the far ends' conditions from the
// customer's own services.
export async function listCustomerMapSites(query: RawQuery, customerId: number): Promise<MapSiteRow[]> {
  const text = `with ${affectedWithTotals},
    reached as (
      select s.site_id from sites s where s.customer_id = $1
      union
      select sv.b_end_site_id from services sv where sv.customer_id = $1 and sv.status <> 0 and sv.b_end_site_id is not null
      union
      select sv.a_end_site_id from services sv where sv.customer_id = $1 and sv.status <> 0
    )
    select s.site_id as siteid, s.site_number as sitenumber, s.site_name as sitename,
           s.site_type::int as sitetype, s.status::int as status, ${coordinates},
           ${siteCondition}::int as condition, c.customer_code as customercode, s.customer_id as customerid
    from reached r
    join sites s on s.site_id = r.site_id
    join customers c on c.customer_id = s.customer_id
    left join affected h on h.site_id = s.site_id
    where ${placed}
    order by s.site_id`;
  return query<MapSiteRow>('dash_map_sites_customer', text, [customerId]);
}

// Links: enabled services between two placed sites, one row per pair of sites (either direction),
// with how many services run between them in each condition and the first service id of each.
export type MapPairRow = {
  lowsiteid: number;
  highsiteid: number;
  services: number;
  maintenance: number;
  atrisk: number;
  offline: number;
  firstid: string;
  maintenanceid: string | null;
  atriskid: string | null;
  offlineid: string | null;
};

export async function listMapPairs(query: RawQuery, customerId: number | null): Promise<MapPairRow[]> {
  const params = new Params();
  const customer = customerId === null ? 'true' : `sv.customer_id = ${params.add(customerId)}`;
  const text = `select least(sv.a_end_site_id, sv.b_end_site_id) as lowsiteid,
           greatest(sv.a_end_site_id, sv.b_end_site_id) as highsiteid,
           count(*)::int as services,
           (count(*) filter (where h.condition = 1))::int as maintenance,
           (count(*) filter (where h.condition = 2))::int as atrisk,
           (count(*) filter (where h.condition = 3))::int as offline,
           min(sv.service_id) as firstid,
           min(sv.service_id) filter (where h.condition = 1) as maintenanceid,
           min(sv.service_id) filter (where h.condition = 2) as atriskid,
           min(sv.service_id) filter (where h.condition = 3) as offlineid
    from services sv
    join sites a on a.site_id = sv.a_end_site_id
    join sites b on b.site_id = sv.b_end_site_id
    left join (${currentServiceConditionsSql}) h on h.service_id = sv.service_id
    where sv.status <> 0 and sv.a_end_site_id <> sv.b_end_site_id and ${customer}
      and ${placedSql('a')} and ${placedSql('b')}
    group by 1, 2
    order by 1, 2`;
  return query<MapPairRow>(statementName('dash_map_pairs', text), text, params.values);
}

// Per site, one customer's enabled services ending there by condition: the far ends of a customer's
// map are coloured by these, not by every customer's services at a shared PoP.
export type SiteCountsRow = {
  siteid: number;
  total: number;
  maintenance: number;
  atrisk: number;
  offline: number;
};

export async function listCustomerSiteCounts(query: RawQuery, customerId: number): Promise<SiteCountsRow[]> {
  const text = `select ends.site_id as siteid, count(*)::int as total,
           (count(*) filter (where h.condition = 1))::int as maintenance,
           (count(*) filter (where h.condition = 2))::int as atrisk,
           (count(*) filter (where h.condition = 3))::int as offline
    from services sv
    left join (${currentServiceConditionsSql}) h on h.service_id = sv.service_id
    cross join lateral (values (sv.a_end_site_id), (nullif(sv.b_end_site_id, sv.a_end_site_id))) ends(site_id)
    where sv.customer_id = $1 and sv.status <> 0 and ends.site_id is not null
    group by ends.site_id`;
  return query<SiteCountsRow>('dash_customer_site_counts', text, [customerId]);
}
