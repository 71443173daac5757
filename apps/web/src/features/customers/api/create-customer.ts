import type { CustomerCreate } from '@lightpath/domain/customers';
import { customerSchema } from '@lightpath/domain/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function createCustomer(input: CustomerCreate) {
  return apiRequest('customer', { reply: customerSchema, method: 'POST', body: input });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
}
