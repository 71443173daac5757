import { itemsNeedingAttentionSchema } from '@lightpath/domain/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

// Spec 3: an item needing attention points at a site or a service that is missing something.
export type AttentionItem = ItemsNeedingAttention['results'][number];

// `count` is items; `sites` and `services` are the records they point at (a site may have several).
export type ItemsNeedingAttention = z.output<typeof itemsNeedingAttentionSchema>;

export function listItemsNeedingAttention(signal?: AbortSignal) {
  return apiRequest('itemsneedingattention', { reply: itemsNeedingAttentionSchema, signal });
}

// Spec 4 reloads this after site, contact and notification changes; those mutations invalidate
// ['dashboard', 'attention'].
export const itemsNeedingAttentionQuery = queryOptions({
  queryKey: ['dashboard', 'attention'],
  queryFn: ({ signal }) => listItemsNeedingAttention(signal),
});

export function useItemsNeedingAttention(enabled = true) {
  return useQuery({ ...itemsNeedingAttentionQuery, enabled });
}
