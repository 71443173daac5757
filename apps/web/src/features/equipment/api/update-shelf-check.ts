import { type ShelfUpdateRequest, shelfCheckSchema } from '@lightpath/domain/equipment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';
import { invalidateEquipment } from './save-shelf';

// POST equipment/{id}/update (spec 2.6, 4): `check` answers state 0 or 2 with the text to show,
// `update` answers state 4 or fails with a 502 whose message is the failure text.
export async function runShelfUpdate(request: ShelfUpdateRequest) {
  const reply = await apiRequestWithMessage(`equipment/${request.equipmentid}/update`, {
    reply: shelfCheckSchema,
    method: 'POST',
    body: request,
  });
  return { check: reply.payload, message: reply.message };
}

// Spec 5: the shelf and the lists reload after an update, whichever way it went.
export function useShelfUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runShelfUpdate,
    onSettled: (_data, _error, request) => {
      if (request.action === 'update') return invalidateEquipment(queryClient);
    },
  });
}
