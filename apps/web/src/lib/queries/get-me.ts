import { meSchema } from '@lightpath/domain/users';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../api-client';

// The customer here comes without its logo; the customer profile (GET /api/customer/me) carries it.
export type Me = z.output<typeof meSchema>;

export function getMe(signal?: AbortSignal) {
  return apiRequest('user/me', { reply: meSchema, signal });
}

export const meQueryKey = ['me'] as const;

export const meQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 5 * 60_000,
});
