import type { NetworkMap } from '@lightpath/domain/dashboard';
import { networkMapSchema } from '@lightpath/domain/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type MapData = NetworkMap;
export type MapSite = MapData['sites'][number];
export type MapLink = MapData['links'][number];
// A site with problems the map cannot draw: a VPLS or an L3VPN, or a site without coordinates.
export type UnplacedSite = MapData['unplaced'][number];

export function getMap(signal?: AbortSignal) {
  return apiRequest('map', { reply: networkMapSchema, signal });
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
