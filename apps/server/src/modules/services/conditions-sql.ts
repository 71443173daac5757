// Service and site conditions (spec 4) are worked out in SQL from the events current at query time,
// so every list, detail, dashboard card and map reads the same answer without a stored copy that
// could go stale. The rule itself lives in @lightpath/domain/conditions; these fragments are its SQL
// form and conditions.test.ts checks that the two agree.

// Events affecting a service right now: started, and not yet ended (an outage without an end is ongoing).
const currentEventsOf = (serviceIdSql: string) => `
  from event_services es
  join events e on e.event_id = es.event_id
  where es.service_id = ${serviceIdSql}
    and e.start_time <= now()
    and (e.end_time is null or e.end_time > now())`;

// 0 normal, 1 Maintenance (works), 2 At-Risk (hazard), 3 Offline (outage); outage outranks works,
// which outranks hazard.
export function serviceConditionSql(serviceIdSql: string): string {
  return `coalesce((select case max(case e.type when 3 then 3 when 1 then 2 else 1 end)
      when 3 then 3 when 2 then 1 when 1 then 2 end ${currentEventsOf(serviceIdSql)}), 0)`;
}

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
