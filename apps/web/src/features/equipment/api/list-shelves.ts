import { listPage } from '@lightpath/domain/api';
import type { ShelfFilter } from '@lightpath/domain/equipment';
import { shelfSchema } from '@lightpath/domain/equipment';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListShelvesParams = ShelfFilter & {
  limit: number;
  offset: number;
  q?: string | undefined;
  sort?: string | undefined;
};

export function listShelves(params: ListShelvesParams, signal?: AbortSignal) {
  return apiRequest('shelves', { reply: listPage(shelfSchema), query: params, signal });
}

// Under ['equipment'], so every write (an add, an edit, an Update Shelf) refreshes the list.
export function listShelvesQuery(params: ListShelvesParams) {
  return queryOptions({
    queryKey: ['equipment', 'list', params],
    queryFn: ({ signal }) => listShelves(params, signal),
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useShelves(params: ListShelvesParams, enabled = true) {
  return useQuery({ ...listShelvesQuery(params), enabled });
}
