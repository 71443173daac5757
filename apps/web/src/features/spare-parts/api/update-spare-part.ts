import { type SparePartUpdate, sparePartSchema } from '@lightpath/domain/spare-parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateSpareParts } from './create-spare-part';

export function updateSparePart(uuid: string, input: SparePartUpdate) {
  return apiRequest(`inventory/${uuid}`, { reply: sparePartSchema, method: 'PUT', body: input });
}

export function useUpdateSparePart(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SparePartUpdate) => updateSparePart(uuid, input),
    onSuccess: () => invalidateSpareParts(queryClient),
  });
}
