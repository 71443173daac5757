// Service and site conditions (spec 4) are worked out in SQL from the events current at query time,
// so every list, detail, dashboard card and map reads the same answer without a stored copy that
// could go stale. The rule itself lives in @lightpath/domain/conditions; these fragments are its SQL
// form and conditions.test.ts checks that the two agree.

// An event affects its services now: started, and not yet ended (an outage without an end is ongoing).
const isCurrentSql = (e: string) =>
  `${e}.start_time <= now() and (${e}.end_time is null or ${e}.end_time > now())`;

// Outage outranks works, which outranks hazard: events are ranked 3, 2, 1 so that max() picks the
// worst, and the rank is turned back into the condition 3 Offline, 1 Maintenance, 2 At-Risk.
const eventRankSql = (e: string) => `case ${e}.type when 3 then 3 when 1 then 2 else 1 end`;
const conditionOfRankSql = (rank: string) =>
  `case ${rank} when 3 then 3 when 2 then 1 when 1 then 2 else 0 end`;

// 0 normal, 1 Maintenance (works), 2 At-Risk (hazard), 3 Offline (outage), for one service. Cheap per
// row, so lists use it for the rows of one page: the ids of the few events current now are gathered
// once per statement (an uncorrelated array, which PostgreSQL computes once), and each service's
// event links (an index-only probe of event_services) are tested against them, so only a current
// event is read. Probing every linked event, past ones included, cost a page of 100 services 184
// reads of events: about 1 ms of the national text filter's 7 (docs/decisions/051).
export function serviceConditionSql(serviceIdSql: string): string {
  return `coalesce((select ${conditionOfRankSql(`max(${eventRankSql('e')})`)}
      from event_services es
      join events e on e.event_id = es.event_id
      where es.service_id = ${serviceIdSql}
        and es.event_id = any(array(select c.event_id from events c where ${isCurrentSql('c')}))
        and ${isCurrentSql('e')}), 0)`;
}

// Every service with a current event and its condition (services without one are 0): a small set,
// computed once per query, for filtering or sorting a whole list by condition.
export const currentServiceConditionsSql = `select es.service_id, ${conditionOfRankSql(`max(${eventRankSql('e')})`)} as condition
    from events e
    join event_services es on es.event_id = e.event_id
    where ${isCurrentSql('e')}
    group by es.service_id`;

// Per site: how many of its enabled services are in each condition, as columns total, maintenance,
// atrisk and offline of the lateral join `alias`. Feed them to siteConditionOf() from the domain.
export function siteConditionJoinSql(siteIdSql: string, alias: string): string {
  return `left join lateral (
    select count(*)::int as total,
           (count(*) filter (where c = 1))::int as maintenance,
           (count(*) filter (where c = 2))::int as atrisk,
           (count(*) filter (where c = 3))::int as offline
    from (select ${serviceConditionSql('sv.service_id')} as c
          from services sv
          where (sv.a_end_site_id = ${siteIdSql} or sv.b_end_site_id = ${siteIdSql}) and sv.status <> 0) site_services
  ) ${alias} on true`;
}

// How many enabled services a site is an end of (the `total` of the condition), a service from the
// site to itself once. Two counts rather than one over an OR, so that each can be an index-only scan
// (a PoP or the internet gateway is an end of hundreds or thousands of services).
export function siteServiceTotalSql(siteIdSql: string): string {
  return `((select count(*)::int from services sv
        where sv.a_end_site_id = ${siteIdSql} and sv.status <> 0)
      + (select count(*)::int from services sv
        where sv.b_end_site_id = ${siteIdSql} and sv.a_end_site_id <> ${siteIdSql} and sv.status <> 0))`;
}

// The same columns (site_id, total, maintenance, atrisk, offline) for every site with an affected
// enabled service, computed once from the few current events rather than once per service: a PoP or
// the internet gateway is an end of thousands of services. A site missing here is unaffected
// (condition 0 whatever its total). A service from a site to itself counts once, as in
// siteConditionJoinSql.
export const affectedSitesSql = `select counts.site_id, ${siteServiceTotalSql('counts.site_id')} as total,
           counts.maintenance, counts.atrisk, counts.offline
    from (select ends.site_id,
                 (count(*) filter (where hit.condition = 1))::int as maintenance,
                 (count(*) filter (where hit.condition = 2))::int as atrisk,
                 (count(*) filter (where hit.condition = 3))::int as offline
          from (${currentServiceConditionsSql}) hit
          join services sv on sv.service_id = hit.service_id and sv.status <> 0
          cross join lateral (values (sv.a_end_site_id), (nullif(sv.b_end_site_id, sv.a_end_site_id))) ends(site_id)
          where ends.site_id is not null
          group by ends.site_id) counts`;

// siteConditionOf() as one SQL expression over SQL operands; the counts may be null (a site missing
// from affectedSitesSql). `total` is read only for affected sites. With at least one service
// affected, "every service, or for a VPLS every one but one" is exactly total <= affected (+ 1 for a
// VPLS).
export function siteConditionSql(operands: {
  sitetype: string;
  total: string;
  maintenance: string;
  atrisk: string;
  offline: string;
}): string {
  const maintenance = `coalesce(${operands.maintenance}, 0)`;
  const offline = `coalesce(${operands.offline}, 0)`;
  const affected = `(${maintenance} + coalesce(${operands.atrisk}, 0) + ${offline})`;
  return `(case
    when ${affected} = 0 then 0
    when ${operands.total} <= ${affected} + (case when ${operands.sitetype} = 2 then 1 else 0 end)
      then (case when ${offline} > 0 then 6 when ${maintenance} > 0 then 5 else 4 end)
    when ${offline} > 0 then 3
    when ${maintenance} > 0 then 1
    else 2
  end)`;
}
