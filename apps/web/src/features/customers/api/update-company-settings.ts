import type { CompanySettingsUpdate } from '@lightpath/domain/customers';
import { customerSchema } from '@lightpath/domain/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/queries/get-me';
import { myCustomerQueryKey } from './get-my-customer';

// Company Settings act on the caller's own (effective) company, so the path names no id.
export function updateCompanySettings(input: CompanySettingsUpdate) {
  return apiRequest('customer/me', { reply: customerSchema, method: 'PUT', body: input });
}

export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySettings,
    onSuccess: (customer) => {
      // The header logo comes from the own customer: show the new one without a reload.
      queryClient.setQueryData(myCustomerQueryKey, customer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['customers'] }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
