import { customerSchema } from '@lightpath/domain/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getCustomer(customerid: number, signal?: AbortSignal) {
  return apiRequest(`customer/${customerid}`, { reply: customerSchema, signal });
}

export function customerQuery(customerid: number) {
  return queryOptions({
    queryKey: ['customers', 'detail', customerid],
    queryFn: ({ signal }) => getCustomer(customerid, signal),
  });
}

export function useCustomer(customerid: number, enabled = true) {
  return useQuery({
    ...customerQuery(customerid),
    enabled: enabled && Number.isInteger(customerid) && customerid > 0,
  });
}
