import { listPage } from '@lightpath/domain/api';
import { type RackSpaceStatus, rackSpaceSchema } from '@lightpath/domain/colocation';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListRackSpacesParams = {
  limit: number;
  offset: number;
  q?: string | undefined;
  customerid?: number | undefined;
  siteid?: number | undefined;
  status?: RackSpaceStatus | undefined;
  joinswith?: string | undefined;
  sort?: string | undefined;
};

export function listRackSpaces(params: ListRackSpacesParams, signal?: AbortSignal) {
  return apiRequest('rackspaces', { reply: listPage(rackSpaceSchema), query: params, signal });
}

// Under ['colocation'], so any write (a rack space's or a cross-connect's) refreshes both lists: a
// rack space counts its cross-connects, and a cross-connect shows its ends' rack ids.
export function listRackSpacesQuery(params: ListRackSpacesParams) {
  return queryOptions({
    queryKey: ['colocation', 'rackspaces', params],
    queryFn: ({ signal }) => listRackSpaces(params, signal),
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useRackSpaces(params: ListRackSpacesParams, enabled = true) {
  return useQuery({ ...listRackSpacesQuery(params), enabled });
}
