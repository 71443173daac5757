import { type RackSpaceUpdate, rackSpaceSchema } from '@lightpath/domain/colocation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateColocation } from './create-rack-space';

// Spec 7.6: the path names the rack id as it was before this change (originalRackID).
export function updateRackSpace(originalRackId: string, input: RackSpaceUpdate) {
  return apiRequest(`rackspace/${encodeURIComponent(originalRackId)}`, {
    reply: rackSpaceSchema,
    method: 'PUT',
    body: input,
  });
}

export function useUpdateRackSpace(originalRackId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RackSpaceUpdate) => updateRackSpace(originalRackId, input),
    onSuccess: () => invalidateColocation(queryClient),
  });
}
