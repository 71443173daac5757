import type { Customer } from '@lightpath/domain/customers';
import type { SessionInfo, User } from '@lightpath/domain/users';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

// The customer here comes without its logo; the customer profile (GET /api/customer/me) carries it.
export type Me = { user: User; session: SessionInfo; customer: Omit<Customer, 'logo64'> };

export function getMe(signal?: AbortSignal) {
  return apiRequest<Me>('user/me', { signal });
}

export const meQueryKey = ['me'] as const;

export const meQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 5 * 60_000,
});
