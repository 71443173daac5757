import { customerSchema } from '@lightpath/domain/customers';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getMyCustomer(signal?: AbortSignal) {
  return apiRequest('customer/me', { reply: customerSchema, signal });
}

export const myCustomerQueryKey = ['customers', 'me'] as const;

export const myCustomerQuery = queryOptions({
  queryKey: myCustomerQueryKey,
  queryFn: ({ signal }) => getMyCustomer(signal),
  staleTime: 5 * 60_000,
});
