import { type RackSpaceCreate, rackSpaceSchema } from '@lightpath/domain/colocation';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function createRackSpace(input: RackSpaceCreate) {
  return apiRequest('rackspace', { reply: rackSpaceSchema, method: 'POST', body: input });
}

export function invalidateColocation(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['colocation'] });
}

export function useCreateRackSpace() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRackSpace, onSuccess: () => invalidateColocation(queryClient) });
}
