import { serviceSchema } from '@lightpath/domain/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { navigationCountsQuery } from '../../../lib/queries/get-navigation-counts';

export function deprovisionService(serviceid: string) {
  return apiRequest(`service/${encodeURIComponent(serviceid)}/deprovision`, {
    reply: serviceSchema,
    method: 'POST',
  });
}

export function useDeprovisionService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deprovisionService,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['services'] }),
        queryClient.invalidateQueries({ queryKey: navigationCountsQuery.queryKey }),
      ]),
  });
}
