import { siteSchema } from '@lightpath/domain/sites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

// The VPLS and L3VPN pages are the site of type 2 / 4 behind /vpls/:id and /l3vpn/:id.
export function getNetworkSite(siteid: number, signal?: AbortSignal) {
  return apiRequest(`site/${siteid}`, { reply: siteSchema, signal });
}

export function networkSiteQuery(siteid: number) {
  return queryOptions({
    queryKey: ['sites', 'detail', siteid],
    queryFn: ({ signal }) => getNetworkSite(siteid, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useNetworkSite(siteid: number) {
  return useQuery({ ...networkSiteQuery(siteid), enabled: Number.isInteger(siteid) && siteid > 0 });
}
