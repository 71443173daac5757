import { noPayload } from '@lightpath/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateSpareParts } from './create-spare-part';

export function deleteSparePart(uuid: string) {
  return apiRequest(`inventory/${uuid}`, { reply: noPayload, method: 'DELETE' });
}

export function useDeleteSparePart() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSparePart, onSuccess: () => invalidateSpareParts(queryClient) });
}
