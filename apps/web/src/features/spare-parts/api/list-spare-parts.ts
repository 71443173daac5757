import { listPage } from '@lightpath/domain/api';
import { type SparePartState, sparePartSchema } from '@lightpath/domain/spare-parts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListSparePartsParams = {
  limit: number;
  offset: number;
  q?: string | undefined;
  depotsiteid?: number | undefined;
  state?: SparePartState | undefined;
  sort?: string | undefined;
};

export function listSpareParts(params: ListSparePartsParams, signal?: AbortSignal) {
  return apiRequest('inventory', { reply: listPage(sparePartSchema), query: params, signal });
}

// Under ['spare-parts'], so every write (an edit, a take or a return) refreshes the list.
export function listSparePartsQuery(params: ListSparePartsParams) {
  return queryOptions({
    queryKey: ['spare-parts', 'list', params],
    queryFn: ({ signal }) => listSpareParts(params, signal),
    // Keep the current page on screen while the next one loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useSpareParts(params: ListSparePartsParams, enabled = true) {
  return useQuery({ ...listSparePartsQuery(params), enabled });
}
