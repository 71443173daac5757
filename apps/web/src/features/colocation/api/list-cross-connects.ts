import { listPage } from '@lightpath/domain/api';
import { crossConnectSchema } from '@lightpath/domain/colocation';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListCrossConnectsParams = {
  limit: number;
  offset: number;
  q?: string | undefined;
  customerid?: number | undefined;
  siteid?: number | undefined;
  sort?: string | undefined;
};

export function listCrossConnects(params: ListCrossConnectsParams, signal?: AbortSignal) {
  return apiRequest('crossconnects', { reply: listPage(crossConnectSchema), query: params, signal });
}

export function listCrossConnectsQuery(params: ListCrossConnectsParams) {
  return queryOptions({
    queryKey: ['colocation', 'crossconnects', params],
    queryFn: ({ signal }) => listCrossConnects(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCrossConnects(params: ListCrossConnectsParams, enabled = true) {
  return useQuery({ ...listCrossConnectsQuery(params), enabled });
}
