import {
  type ServiceCondition,
  type SiteCondition,
  serviceConditions,
  siteConditionLabel,
  siteConditions,
} from '@lightpath/domain/conditions';
import { siteTypes } from '@lightpath/domain/sites';
import { DEFAULT_THEME } from '@mantine/core';
import type { MapData, MapLink, MapSite, UnplacedSite } from './api/get-map';

// Leaflet paints with CSS colours, not Mantine colour names: the domain's names map to shade 6, the
// same shade the badges use, so the map and the tables agree.
export function colourHex(name: string): string {
  const shades = DEFAULT_THEME.colors[name as keyof typeof DEFAULT_THEME.colors];
  return shades?.[6] ?? DEFAULT_THEME.colors.gray[6];
}

export const disabledSiteHex = DEFAULT_THEME.colors.gray[5];

export function siteColour(site: Pick<MapSite, 'condition' | 'status'>): string {
  if (site.condition === 0 && site.status === 0) return disabledSiteHex;
  return colourHex(siteConditions[site.condition].colour);
}

export function linkColour(condition: ServiceCondition): string {
  return colourHex(serviceConditions[condition].colour);
}

export type PlacedSite = MapSite & { latitude: number; longitude: number };

export function isPlaced(site: MapSite): site is PlacedSite {
  return (
    site.latitude !== null &&
    site.longitude !== null &&
    Number.isFinite(site.latitude) &&
    Number.isFinite(site.longitude)
  );
}

// Provider staff can narrow the map to one customer: its sites, its services, and the far ends those
// services reach (the provider's PoPs, a VPLS), which belong to someone else but are part of the picture.
export function filterMapByCustomer(data: MapData, customercode: string | null): MapData {
  if (!customercode) return data;
  const own = new Set(data.sites.filter((s) => s.customercode === customercode).map((s) => s.siteid));
  const links = data.links.filter(
    (l) => own.has(l.aendsiteid) || (l.bendsiteid !== null && own.has(l.bendsiteid)),
  );
  const reached = new Set(own);
  for (const link of links) {
    reached.add(link.aendsiteid);
    if (link.bendsiteid !== null) reached.add(link.bendsiteid);
  }
  return {
    sites: data.sites.filter((s) => reached.has(s.siteid)),
    links,
    unplaced: data.unplaced.filter((s) => s.customercode === customercode),
  };
}

// Why a site with problems is named beside the map instead of drawn on it.
export function unplacedReason(site: Pick<UnplacedSite, 'sitetype'>): string {
  return site.sitetype === 1 || site.sitetype === 5
    ? 'No coordinates'
    : `${siteTypes[site.sitetype] ?? 'Virtual'} network, no place on the map`;
}

// Problems are drawn last so they sit on top of the healthy sites around them.
const siteSeverity: Record<SiteCondition, number> = { 0: 0, 2: 1, 1: 2, 4: 3, 3: 4, 5: 5, 6: 6 };
const linkSeverity: Record<ServiceCondition, number> = { 0: 0, 2: 1, 1: 2, 3: 3 };

export function sitesInDrawOrder(sites: readonly MapSite[]): PlacedSite[] {
  return sites.filter(isPlaced).sort((a, b) => siteSeverity[a.condition] - siteSeverity[b.condition]);
}

type Segment = [[number, number], [number, number]];

// One multi-segment line per condition instead of one layer per service: 30,000 links become four
// canvas paths, which is what keeps a national map responsive.
export function linkSegmentsByCondition(
  sites: readonly MapSite[],
  links: readonly MapLink[],
): { condition: ServiceCondition; segments: Segment[] }[] {
  const positions = new Map<number, [number, number]>();
  for (const site of sites) if (isPlaced(site)) positions.set(site.siteid, [site.latitude, site.longitude]);
  const groups = new Map<ServiceCondition, Segment[]>();
  for (const link of links) {
    if (link.bendsiteid === null) continue;
    const a = positions.get(link.aendsiteid);
    const b = positions.get(link.bendsiteid);
    if (!a || !b) continue;
    const group = groups.get(link.condition) ?? [];
    group.push([a, b]);
    groups.set(link.condition, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => linkSeverity[a] - linkSeverity[b])
    .map(([condition, segments]) => ({ condition, segments }));
}

export type LegendRow = { key: string; label: string; colour: string; count: number };

export function siteLegend(sites: readonly MapSite[]): LegendRow[] {
  const counts = new Map<string, LegendRow>();
  for (const site of sites) {
    const label = siteConditionLabel(site.condition, site.status);
    const key = site.condition === 0 && site.status === 0 ? 'disabled' : String(site.condition);
    const row = counts.get(key) ?? { key, label, colour: siteColour(site), count: 0 };
    row.count += 1;
    counts.set(key, row);
  }
  const order = ['0', '1', '2', '3', '4', '5', '6', 'disabled'];
  return [...counts.values()].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
}

export function linkLegend(links: readonly MapLink[]): LegendRow[] {
  return ([0, 1, 2, 3] as ServiceCondition[]).map((condition) => ({
    key: String(condition),
    label: serviceConditions[condition].name,
    colour: linkColour(condition),
    count: links.filter((l) => l.condition === condition).length,
  }));
}

// Screen readers and keyboard users get the problems as a list, since canvas markers have no focus.
export function impactedSites(sites: readonly MapSite[]): MapSite[] {
  return sites
    .filter((s) => s.condition !== 0)
    .sort(
      (a, b) => siteSeverity[b.condition] - siteSeverity[a.condition] || a.sitename.localeCompare(b.sitename),
    );
}

// Problems only: the sites and services with a current condition, so an alert map is not lost in green.
export function problemsOnly(data: MapData): MapData {
  const links = data.links.filter((l) => l.condition !== 0);
  const keep = new Set(data.sites.filter((s) => s.condition !== 0).map((s) => s.siteid));
  for (const link of links) {
    keep.add(link.aendsiteid);
    if (link.bendsiteid !== null) keep.add(link.bendsiteid);
  }
  return { sites: data.sites.filter((s) => keep.has(s.siteid)), links, unplaced: data.unplaced };
}
