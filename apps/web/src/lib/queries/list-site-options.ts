import { listPage } from '@lightpath/domain/api';
import type { Site } from '@lightpath/domain/sites';
import { siteSchema } from '@lightpath/domain/sites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export type SiteOptionsParams = { customerid?: number; sitetype?: number };

// Every site of a customer (or of a type) in one page, for pickers and for knowing which sites a
// customer may open. The API's maximum page is 1000, far above any one customer's sites.
export function listSiteOptions(params: SiteOptionsParams, signal?: AbortSignal) {
  return apiRequest('sites', {
    reply: listPage(siteSchema),
    query: { ...params, limit: 1000, offset: 0, sort: 'sitenumber' },
    signal,
  });
}

export function siteOptionsQuery(params: SiteOptionsParams) {
  return queryOptions({
    queryKey: ['sites', 'options', params],
    queryFn: async ({ signal }) => (await listSiteOptions(params, signal)).results,
    staleTime: 60_000,
  });
}

export function useSiteOptions(params: SiteOptionsParams, enabled = true) {
  return useQuery({ ...siteOptionsQuery(params), enabled });
}

const toIdSet = (sites: Site[]): ReadonlySet<number> => new Set(sites.map((site) => site.siteid));

// The ids of every site the caller may open. Only asked for customer users: provider staff see all.
export function useOwnSiteIds(enabled: boolean) {
  return useQuery({ ...siteOptionsQuery({}), enabled, select: toIdSet });
}
