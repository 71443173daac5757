import { type CrossConnectUpdate, crossConnectSchema } from '@lightpath/domain/colocation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateColocation } from './create-rack-space';

export function updateCrossConnect(crossConnectId: number, input: CrossConnectUpdate) {
  return apiRequest(`crossconnect/${crossConnectId}`, {
    reply: crossConnectSchema,
    method: 'PUT',
    body: input,
  });
}

export function useUpdateCrossConnect(crossConnectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CrossConnectUpdate) => updateCrossConnect(crossConnectId, input),
    onSuccess: () => invalidateColocation(queryClient),
  });
}
