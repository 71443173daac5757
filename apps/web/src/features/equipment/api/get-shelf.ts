import { shelfDetailSchema, spackStatsSchema } from '@lightpath/domain/equipment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getShelf(equipmentid: number, signal?: AbortSignal) {
  return apiRequest(`equipment/${equipmentid}`, { reply: shelfDetailSchema, signal });
}

export function shelfQuery(equipmentid: number) {
  return queryOptions({
    queryKey: ['equipment', 'detail', equipmentid],
    queryFn: ({ signal }) => getShelf(equipmentid, signal),
  });
}

export function useShelf(equipmentid: number, enabled = true) {
  return useQuery({ ...shelfQuery(equipmentid), enabled });
}

// The model's recommended release and what the rest of the fleet runs (spec 7.7 tools/spackstats).
export function getSpackStats(equipmentid: number, signal?: AbortSignal) {
  return apiRequest(`tools/spackstats/${equipmentid}`, { reply: spackStatsSchema, signal });
}

export function useSpackStats(equipmentid: number, enabled = true) {
  return useQuery({
    queryKey: ['equipment', 'spackstats', equipmentid],
    queryFn: ({ signal }) => getSpackStats(equipmentid, signal),
    enabled,
    retry: false,
  });
}
