import type { SiteContactAssign } from '@lightpath/domain/sites';
import { siteContactsSchema } from '@lightpath/domain/sites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Answers the site's contacts as they now stand.
export async function assignSiteContact(siteid: number, input: SiteContactAssign) {
  return (
    await apiRequest(`site/${siteid}/contact`, { reply: siteContactsSchema, method: 'POST', body: input })
  ).contacts;
}

export function useAssignSiteContact(siteid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteContactAssign) => assignSiteContact(siteid, input),
    // Spec 4: contact assignments reload the items needing attention (a site without a primary).
    onSuccess: (contacts) => {
      queryClient.setQueryData(['sites', 'contacts', siteid], contacts);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'attention'] }),
        queryClient.invalidateQueries({ queryKey: ['contacts'] }),
      ]);
    },
  });
}
