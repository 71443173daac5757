import { listPage } from '@lightpath/domain/api';
import type { ServiceGroup } from '@lightpath/domain/services';
import { serviceSummarySchema } from '@lightpath/domain/services';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export type ListServicesParams = {
  limit: number;
  offset: number;
  q?: string;
  group?: ServiceGroup;
  type?: string;
  status?: number;
  customerid?: number;
  siteid?: number;
  aendsiteid?: number;
  bendsiteid?: number;
  condition?: number;
  sort?: string;
};

export function listServices(params: ListServicesParams, signal?: AbortSignal) {
  return apiRequest('services', { reply: listPage(serviceSummarySchema), query: params, signal });
}

export function listServicesQuery(params: ListServicesParams) {
  return queryOptions({
    queryKey: ['services', 'list', params],
    queryFn: ({ signal }) => listServices(params, signal),
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useServices(params: ListServicesParams, enabled = true) {
  return useQuery({ ...listServicesQuery(params), enabled });
}
