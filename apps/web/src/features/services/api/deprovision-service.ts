import type { Service } from '@lightpath/domain/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { navigationCountsQuery } from '../../../lib/queries/get-navigation-counts';

export function deprovisionService(serviceid: string) {
  return apiRequest<Service | undefined>(`service/${encodeURIComponent(serviceid)}/deprovision`, {
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
