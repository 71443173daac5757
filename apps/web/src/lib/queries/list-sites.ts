import { listPage } from '@lightpath/domain/api';
import type { SiteType } from '@lightpath/domain/sites';
import { siteSchema } from '@lightpath/domain/sites';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export type ListSitesParams = {
  limit: number;
  offset: number;
  q?: string;
  sitetype?: SiteType;
  status?: 0 | 1;
  customerid?: number;
  sort?: string;
};

export function listSites(params: ListSitesParams, signal?: AbortSignal) {
  return apiRequest('sites', { reply: listPage(siteSchema), query: params, signal });
}

export function listSitesQuery(params: ListSitesParams) {
  return queryOptions({
    queryKey: ['sites', 'list', params],
    queryFn: ({ signal }) => listSites(params, signal),
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useSites(params: ListSitesParams, enabled = true) {
  return useQuery({ ...listSitesQuery(params), enabled });
}

// One customer's enabled sites (the API's maximum page), for pickers such as the parent site.
export function customerSitesQuery(customerid: number) {
  return queryOptions({
    queryKey: ['sites', 'choices', customerid],
    queryFn: async ({ signal }) => {
      const page = await listSites(
        { limit: 1000, offset: 0, customerid, status: 1, sort: 'sitenumber' },
        signal,
      );
      return page.results;
    },
    staleTime: 60_000,
  });
}

export function useCustomerSites(customerid: number | null, enabled = true) {
  return useQuery({
    ...customerSitesQuery(customerid ?? 0),
    enabled: enabled && customerid !== null && customerid > 0,
  });
}
