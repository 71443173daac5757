import { noPayload } from '@lightpath/domain/api';
import { type ShelfCreate, type ShelfUpdate, shelfSchema } from '@lightpath/domain/equipment';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';

// Every equipment query (lists, shelves, a site's shelves) lives under ['equipment'].
export function invalidateEquipment(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['equipment'] });
}

// The server's message ('S0002pe added', 'S0002pe saved') is the toast.
export async function createShelf(input: ShelfCreate) {
  const reply = await apiRequestWithMessage('equipment', { reply: shelfSchema, method: 'POST', body: input });
  return { shelf: reply.payload, message: reply.message };
}

export function useCreateShelf() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createShelf, onSuccess: () => invalidateEquipment(queryClient) });
}

export async function updateShelf(equipmentid: number, input: ShelfUpdate) {
  const reply = await apiRequestWithMessage(`equipment/${equipmentid}`, {
    reply: shelfSchema,
    method: 'PUT',
    body: input,
  });
  return { shelf: reply.payload, message: reply.message };
}

export function useUpdateShelf(equipmentid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShelfUpdate) => updateShelf(equipmentid, input),
    onSuccess: () => invalidateEquipment(queryClient),
  });
}

export async function deleteShelf(equipmentid: number) {
  const reply = await apiRequestWithMessage(`equipment/${equipmentid}`, {
    reply: noPayload,
    method: 'DELETE',
  });
  return reply.message;
}

export function useDeleteShelf() {
  return useMutation({ mutationFn: deleteShelf });
}
