import { siteSchema } from '@lightpath/domain/sites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export function getSite(siteid: number, signal?: AbortSignal) {
  return apiRequest(`site/${siteid}`, { reply: siteSchema, signal });
}

export function siteQuery(siteid: number) {
  return queryOptions({
    queryKey: ['sites', 'detail', siteid],
    queryFn: ({ signal }) => getSite(siteid, signal),
  });
}

export function useSite(siteid: number, enabled = true) {
  return useQuery({ ...siteQuery(siteid), enabled: enabled && Number.isInteger(siteid) && siteid > 0 });
}
