import { type SparePartCreate, sparePartSchema } from '@lightpath/domain/spare-parts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function createSparePart(input: SparePartCreate) {
  return apiRequest('inventory', { reply: sparePartSchema, method: 'POST', body: input });
}

export function invalidateSpareParts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['spare-parts'] });
}

export function useCreateSparePart() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSparePart, onSuccess: () => invalidateSpareParts(queryClient) });
}
