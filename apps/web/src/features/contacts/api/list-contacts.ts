import { listPage } from '@lightpath/domain/api';
import { contactSummarySchema } from '@lightpath/domain/contacts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListContactsParams = {
  limit: number;
  offset: number;
  q?: string | undefined;
  customerid?: number | undefined;
  sort?: string | undefined;
};

export function listContacts(params: ListContactsParams, signal?: AbortSignal) {
  return apiRequest('contacts', { reply: listPage(contactSummarySchema), query: params, signal });
}

// Under ['contacts'], so every contact write (and the site page's assignments) refreshes it.
export function listContactsQuery(params: ListContactsParams) {
  return queryOptions({
    queryKey: ['contacts', 'list', params],
    queryFn: ({ signal }) => listContacts(params, signal),
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useContacts(params: ListContactsParams, enabled = true) {
  return useQuery({ ...listContactsQuery(params), enabled });
}
