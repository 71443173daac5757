import { listPage } from '@lightpath/domain/api';
import type { SearchKind } from '@lightpath/domain/search';
import { searchResultSchema } from '@lightpath/domain/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SearchParams = { q: string; kinds?: SearchKind[]; limit: number; offset: number };

export function search(params: SearchParams, signal?: AbortSignal) {
  return apiRequest('search', {
    reply: listPage(searchResultSchema),
    query: {
      q: params.q,
      kinds: params.kinds && params.kinds.length > 0 ? params.kinds.join(',') : undefined,
      limit: params.limit,
      offset: params.offset,
    },
    signal,
  });
}

export function searchQuery(params: SearchParams) {
  return queryOptions({
    queryKey: ['search', params],
    queryFn: ({ signal }) => search(params, signal),
    // The previous answer stays while the next keystroke's loads, so the list does not flicker.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useSearch(params: SearchParams, enabled = true) {
  return useQuery({ ...searchQuery(params), enabled });
}
