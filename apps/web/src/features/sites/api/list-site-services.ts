import { siteServicesSchema } from '@lightpath/domain/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function listSiteServices(siteid: number, signal?: AbortSignal) {
  return (await apiRequest(`site/${siteid}/services`, { reply: siteServicesSchema, signal })).services;
}

export function siteServicesQuery(siteid: number) {
  return queryOptions({
    queryKey: ['sites', 'services', siteid],
    queryFn: ({ signal }) => listSiteServices(siteid, signal),
  });
}

export function useSiteServices(siteid: number, enabled = true) {
  return useQuery({ ...siteServicesQuery(siteid), enabled: enabled && siteid > 0 });
}
