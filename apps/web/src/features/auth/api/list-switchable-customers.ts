import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SwitchableCustomer = {
  customerid: number;
  customername: string;
  customercode: string;
  enabled: boolean;
  isprovider: boolean;
};

// The server lists them by the real user's switch level, so this works while already switched.
export function listSwitchableCustomers(signal?: AbortSignal) {
  return apiRequest<{ results: SwitchableCustomer[] }>('user/impersonate/customers', { signal });
}

export const switchableCustomersQuery = queryOptions({
  queryKey: ['user', 'impersonate', 'customers'],
  queryFn: async ({ signal }) => (await listSwitchableCustomers(signal)).results,
  staleTime: 60_000,
});

export function useSwitchableCustomers(enabled: boolean) {
  return useQuery({ ...switchableCustomersQuery, enabled });
}
