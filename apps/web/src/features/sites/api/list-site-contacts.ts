import { siteContactsSchema } from '@lightpath/domain/sites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function listSiteContacts(siteid: number, signal?: AbortSignal) {
  return (await apiRequest(`site/${siteid}/contacts`, { reply: siteContactsSchema, signal })).contacts;
}

export function siteContactsQuery(siteid: number) {
  return queryOptions({
    queryKey: ['sites', 'contacts', siteid],
    queryFn: ({ signal }) => listSiteContacts(siteid, signal),
  });
}

export function useSiteContacts(siteid: number, enabled = true) {
  return useQuery({ ...siteContactsQuery(siteid), enabled: enabled && siteid > 0 });
}
