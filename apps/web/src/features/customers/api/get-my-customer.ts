import type { Customer } from '@lightpath/domain/customers';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getMyCustomer(signal?: AbortSignal) {
  return apiRequest<Customer>('customer/me', { signal });
}

export const myCustomerQueryKey = ['customers', 'me'] as const;

export const myCustomerQuery = queryOptions({
  queryKey: myCustomerQueryKey,
  queryFn: ({ signal }) => getMyCustomer(signal),
  staleTime: 5 * 60_000,
});
