import type { ServiceCreate } from '@lightpath/domain/services';
import { serviceSchema } from '@lightpath/domain/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { navigationCountsQuery } from '../../../lib/queries/get-navigation-counts';

export function createService(input: ServiceCreate) {
  return apiRequest('service', { reply: serviceSchema, method: 'POST', body: input });
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    // Lists, the "already exists" check and the sidebar counts all change. Not awaited: the form closes
    // at once, rather than first reading its own new id back as 'Service already exists!'.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['services'] });
      void queryClient.invalidateQueries({ queryKey: navigationCountsQuery.queryKey });
    },
  });
}
