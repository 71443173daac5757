import { type SparePartMovementInput, sparePartSchema } from '@lightpath/domain/spare-parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';
import { invalidateSpareParts } from './create-spare-part';

// POST /inventory/ventia. The reply's message ('2 × SFP-10G-LR taken from the depot') is the toast.
export async function recordSparePartMovement(input: SparePartMovementInput) {
  const reply = await apiRequestWithMessage('inventory/ventia', {
    reply: sparePartSchema,
    method: 'POST',
    body: input,
  });
  return { part: reply.payload, message: reply.message };
}

export function useRecordSparePartMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordSparePartMovement,
    onSuccess: () => invalidateSpareParts(queryClient),
  });
}
