import type { CustomerUpdate } from '@lightpath/domain/customers';
import { customerSchema } from '@lightpath/domain/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/queries/get-me';

export function updateCustomer(customerid: number, input: CustomerUpdate) {
  return apiRequest(`customer/${customerid}`, { reply: customerSchema, method: 'PUT', body: input });
}

export function useUpdateCustomer(customerid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerUpdate) => updateCustomer(customerid, input),
    onSuccess: (customer) => {
      queryClient.setQueryData(['customers', 'detail', customerid], customer);
      // The NOC editing its own (provider) customer changes the header logo too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['customers'] }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
