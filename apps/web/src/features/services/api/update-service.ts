import type { ServiceUpdate } from '@lightpath/domain/services';
import { serviceSchema } from '@lightpath/domain/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { navigationCountsQuery } from '../../../lib/queries/get-navigation-counts';

export function updateService(serviceid: string, input: ServiceUpdate) {
  return apiRequest(`service/${encodeURIComponent(serviceid)}`, {
    reply: serviceSchema,
    method: 'PUT',
    body: input,
  });
}

export function useUpdateService(serviceid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceUpdate) => updateService(serviceid, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['services'] }),
        // A status change moves the service in or out of the counted lists.
        queryClient.invalidateQueries({ queryKey: navigationCountsQuery.queryKey }),
      ]),
  });
}
