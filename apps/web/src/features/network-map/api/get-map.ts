import type { ServiceCondition, SiteCondition } from '@lightpath/domain/conditions';
import type { SiteType } from '@lightpath/domain/sites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type MapSite = {
  siteid: number;
  sitenumber: string;
  sitename: string;
  sitetype: SiteType;
  status: 0 | 1;
  latitude: number | null;
  longitude: number | null;
  condition: SiteCondition;
  customercode: string;
};

export type MapLink = {
  serviceid: string;
  aendsiteid: number;
  bendsiteid: number | null;
  condition: ServiceCondition;
};

// A site with problems the map cannot draw: a VPLS or an L3VPN, or a site without coordinates.
export type UnplacedSite = {
  siteid: number;
  sitenumber: string;
  sitename: string;
  sitetype: SiteType;
  customercode: string;
  condition: SiteCondition;
};

export type MapData = { sites: MapSite[]; links: MapLink[]; unplaced: UnplacedSite[] };

export function getMap(signal?: AbortSignal) {
  return apiRequest<MapData>('map', { signal });
}

// Conditions follow events; the map refreshes with the network events (spec 9: every 120 s).
export const mapQuery = queryOptions({
  queryKey: ['map'],
  queryFn: ({ signal }) => getMap(signal),
  staleTime: 60_000,
  refetchInterval: 120_000,
});

export function useMapData(enabled = true) {
  return useQuery({ ...mapQuery, enabled });
}
