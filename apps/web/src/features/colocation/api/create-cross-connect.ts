import { type CrossConnectCreate, crossConnectSchema } from '@lightpath/domain/colocation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateColocation } from './create-rack-space';

export function createCrossConnect(input: CrossConnectCreate) {
  return apiRequest('crossconnect', { reply: crossConnectSchema, method: 'POST', body: input });
}

export function useCreateCrossConnect() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCrossConnect, onSuccess: () => invalidateColocation(queryClient) });
}
