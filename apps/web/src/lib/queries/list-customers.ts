import { listPage } from '@lightpath/domain/api';
import { customerListItemSchema } from '@lightpath/domain/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export type { CustomerListItem } from '@lightpath/domain/customers';

export type ListCustomersParams = {
  limit: number;
  offset: number;
  q?: string;
  enabled?: boolean;
  sort?: string;
};

export function listCustomers(params: ListCustomersParams, signal?: AbortSignal, quietForbidden = false) {
  return apiRequest('customers', {
    reply: listPage(customerListItemSchema),
    query: params,
    signal,
    quietForbidden,
  });
}

export function listCustomersQuery(params: ListCustomersParams) {
  return queryOptions({
    queryKey: ['customers', 'list', params],
    queryFn: ({ signal }) => listCustomers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(params: ListCustomersParams, enabled = true) {
  return useQuery({ ...listCustomersQuery(params), enabled });
}

// Every customer at once (the API's maximum page), for pickers: switch customer, user filters.
export const allCustomersQuery = queryOptions({
  queryKey: ['customers', 'all'],
  queryFn: async ({ signal }) => {
    // Quiet on 403: the pickers that use this explain a refusal themselves.
    const page = await listCustomers({ limit: 1000, offset: 0 }, signal, true);
    return [...page.results].sort((a, b) => a.customername.localeCompare(b.customername));
  },
  staleTime: 60_000,
});

export function useAllCustomers(enabled = true) {
  return useQuery({ ...allCustomersQuery, enabled });
}
