import { type Actor, scopeOf } from '@lightpath/domain/actor';
import {
  type ServiceCondition,
  type SiteCondition,
  siteConditionOf,
  siteImpact,
  worseCondition,
} from '@lightpath/domain/conditions';
import { type EventType, isCurrentEvent } from '@lightpath/domain/events';
import { can } from '@lightpath/domain/permissions';
import type { ServiceContext } from '../../platform/service-context';
import {
  type AttentionRow,
  countAttentionRecords,
  countServicesByCondition,
  countSitesByCondition,
  listAttentionItems,
  listCustomerMapSites,
  listCustomerSiteCounts,
  listMapPairs,
  listMapSites,
  listOpenEventsOf,
  listProblemServices,
  listProblemSites,
  type MapSiteRow,
} from './repository';

// Technicians (type 2) may use the portal and view sites, not services: the parts of the dashboard
// and map that are about services are left empty for them.
const seesServices = (actor: Actor) => can(actor, 'services.view');

export async function dashboardSummaryFor(ctx: ServiceContext) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const scope = scopeOf(actor);
  const [serviceRows, siteRows] = await Promise.all([
    seesServices(actor) ? countServicesByCondition(query, scope) : Promise.resolve([]),
    countSitesByCondition(query, scope),
  ]);
  const services = { total: 0, normal: 0, maintenance: 0, atrisk: 0, offline: 0 };
  const serviceKeys = { 0: 'normal', 1: 'maintenance', 2: 'atrisk', 3: 'offline' } as const;
  for (const row of serviceRows) {
    services.total += row.n;
    services[serviceKeys[row.condition as ServiceCondition]] += row.n;
  }
  const sites = { total: 0, online: 0, impacted: 0, offline: 0, disabled: 0 };
  for (const row of siteRows) {
    sites.total += row.n;
    // A disabled site is counted as disabled whatever its services say.
    if (row.status === 0) sites.disabled += row.n;
    else sites[siteImpact(row.condition as SiteCondition)] += row.n;
  }
  return { services, sites };
}

export async function networkProblemsFor(ctx: ServiceContext) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const scope = scopeOf(actor);
  const [sites, services] = await Promise.all([
    listProblemSites(query, scope),
    seesServices(actor) ? listProblemServices(query, scope) : Promise.resolve([]),
  ]);
  const events = await listOpenEventsOf(
    query,
    services.map((s) => s.serviceid),
  );
  const now = Math.floor(Date.now() / 1000);
  const eventsOf = new Map<string, { eventid: number; title: string; type: EventType }[]>();
  for (const e of events) {
    if (!isCurrentEvent({ type: e.type, starttime: e.starttime, endtime: e.endtime }, now)) continue;
    const list = eventsOf.get(e.serviceid) ?? [];
    list.push({ eventid: e.eventid, title: e.title, type: e.type });
    eventsOf.set(e.serviceid, list);
  }
  return {
    sites,
    services: services.map((s) => ({ ...s, events: eventsOf.get(s.serviceid) ?? [] })),
  };
}

// Items needing attention (spec 3): each names the site or service and what it is missing.
export const attentionMessages = {
  serviceOnDisabledSite: (row: AttentionRow) =>
    `Service ${row.id} is enabled but its site ${row.other ?? ''} is disabled`,
  siteWithoutPrimaryContact: (row: AttentionRow) => `Site ${siteName(row)} has no primary contact`,
  serviceWithoutSubscribers: (row: AttentionRow) =>
    `Service ${row.id} has no notification subscribers, so nobody is told about its events`,
  siteWithoutCoordinates: (row: AttentionRow) =>
    `Site ${siteName(row)} has no coordinates and is missing from the map`,
  serviceWithoutProvisionDate: (row: AttentionRow) => `Service ${row.id} has no provisioning date`,
  siteWithoutServices: (row: AttentionRow) => `Site ${siteName(row)} has no active services`,
} as const satisfies Record<AttentionRow['rule'], (row: AttentionRow) => string>;

function siteName(row: AttentionRow) {
  return `${row.sitenumber} ${row.sitename} (${row.customercode})`;
}

// Each side of the modal's Sites / Services toggle lists at most this many; `count` is complete.
export const attentionListCap = 500;

export async function itemsNeedingAttentionFor(ctx: ServiceContext) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const scope = scopeOf(actor);
  const [rows, records] = await Promise.all([
    listAttentionItems(query, scope, attentionListCap),
    countAttentionRecords(query, scope),
  ]);
  // Rows come worst rule first; each side keeps its first attentionListCap.
  const totals = new Map<string, number>();
  const kept = { site: 0, service: 0 };
  const results = [];
  for (const row of rows) {
    totals.set(row.rule, row.ruletotal);
    if (kept[row.node] >= attentionListCap) continue;
    kept[row.node] += 1;
    results.push({
      notificationlinknode: row.node,
      notificationlinkid: row.id,
      // What a person reads for the record: the site number (the id is internal) or the service id.
      notificationlinklabel: row.node === 'site' ? (row.sitenumber ?? row.id) : row.id,
      customercode: row.customercode,
      notificationdescription: attentionMessages[row.rule](row),
    });
  }
  const recordsOf = (node: 'site' | 'service') => records.find((r) => r.node === node)?.n ?? 0;
  return {
    count: [...totals.values()].reduce((a, b) => a + b, 0),
    sites: recordsOf('site'),
    services: recordsOf('service'),
    results,
  };
}

function mapSite(row: MapSiteRow) {
  return {
    siteid: row.siteid,
    sitenumber: row.sitenumber,
    sitename: row.sitename,
    sitetype: row.sitetype,
    status: row.status,
    latitude: row.latitude,
    longitude: row.longitude,
    condition: row.condition,
    customercode: row.customercode,
  };
}

// The network map: placed sites and, for callers who may view services, one link per pair of placed
// sites with enabled services between them, coloured by the worst of those services. Narrowed to one
// customer (a customer user always; the provider with ?customerid=), it shows that customer's sites
// and the far ends its services reach, the far ends coloured by the customer's own services only.
export async function mapFor(ctx: ServiceContext, customerid: number | undefined) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const scope = scopeOf(actor);
  if (scope.kind === 'customer' && customerid !== undefined && customerid !== scope.customerId)
    return { sites: [], links: [], unplaced: [] };
  const customerId = scope.kind === 'customer' ? scope.customerId : (customerid ?? null);
  const withLinks = seesServices(actor);
  const [siteRows, pairs, ownCounts, problemSites] = await Promise.all([
    customerId === null ? listMapSites(query) : listCustomerMapSites(query, customerId),
    withLinks ? listMapPairs(query, customerId) : Promise.resolve([]),
    customerId === null ? Promise.resolve([]) : listCustomerSiteCounts(query, customerId),
    listProblemSites(query, customerId === null ? { kind: 'all' } : { kind: 'customer', customerId }),
  ]);
  const countsOf = new Map(ownCounts.map((c) => [c.siteid, c]));
  const sites = siteRows.map((row) => {
    if (customerId === null || row.customerid === customerId) return mapSite(row);
    const counts = countsOf.get(row.siteid);
    const condition = counts
      ? siteConditionOf({
          sitetype: row.sitetype,
          total: counts.total,
          maintenance: counts.maintenance,
          atRisk: counts.atrisk,
          offline: counts.offline,
        })
      : 0;
    return mapSite({ ...row, condition });
  });
  const links = pairs.map((pair) => {
    let condition: ServiceCondition = 0;
    if (pair.atrisk > 0) condition = worseCondition(condition, 2);
    if (pair.maintenance > 0) condition = worseCondition(condition, 1);
    if (pair.offline > 0) condition = worseCondition(condition, 3);
    const serviceid =
      { 0: pair.firstid, 1: pair.maintenanceid, 2: pair.atriskid, 3: pair.offlineid }[condition] ??
      pair.firstid;
    return {
      serviceid,
      aendsiteid: pair.lowsiteid,
      bendsiteid: pair.highsiteid,
      condition,
      services: pair.services,
    };
  });
  // The dashboard's sites with problems that the map cannot draw (a VPLS, an L3VPN, a site without
  // coordinates): named beside the map, so its count of problems is the dashboard's.
  const unplaced = problemSites
    .filter((s) => !s.placed)
    .map(({ siteid, sitenumber, sitename, sitetype, customercode, condition }) => ({
      siteid,
      sitenumber,
      sitename,
      sitetype,
      customercode,
      condition,
    }));
  return { sites, links, unplaced };
}
