import { switchableCustomersSchema } from '@lightpath/domain/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type SwitchableCustomer = z.output<typeof switchableCustomersSchema>['results'][number];

// The server lists them by the real user's switch level, so this works while already switched.
export function listSwitchableCustomers(signal?: AbortSignal) {
  return apiRequest('user/impersonate/customers', { reply: switchableCustomersSchema, signal });
}

export const switchableCustomersQuery = queryOptions({
  queryKey: ['user', 'impersonate', 'customers'],
  queryFn: async ({ signal }) => (await listSwitchableCustomers(signal)).results,
  staleTime: 60_000,
});

export function useSwitchableCustomers(enabled: boolean) {
  return useQuery({ ...switchableCustomersQuery, enabled });
}
