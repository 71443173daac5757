import { siteSchema } from '@lightpath/domain/sites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';
import type { SiteCreateBody } from '../site-form-values';

// The reply's message ('Site Created!') is the success toast, so it is kept alongside the site.
export async function createSite(input: SiteCreateBody) {
  const reply = await apiRequestWithMessage('site', { reply: siteSchema, method: 'POST', body: input });
  return { site: reply.payload, message: reply.message };
}

export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSite,
    // Spec 4: a site write reloads the lists, the map, the dashboard and items needing attention.
    onSuccess: () => invalidateSiteViews(queryClient),
  });
}

export function invalidateSiteViews(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['sites'] }),
    queryClient.invalidateQueries({ queryKey: ['map'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['search'] }),
  ]);
}
