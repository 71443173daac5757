import type { SiteUpdate } from '@lightpath/domain/sites';
import { siteSchema } from '@lightpath/domain/sites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateSiteViews } from './create-site';

export function updateSite(siteid: number, input: SiteUpdate) {
  return apiRequest(`site/${siteid}`, { reply: siteSchema, method: 'PUT', body: input });
}

export function useUpdateSite(siteid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteUpdate) => updateSite(siteid, input),
    onSuccess: (site) => {
      queryClient.setQueryData(['sites', 'detail', siteid], site);
      return invalidateSiteViews(queryClient);
    },
  });
}
