import { siteContactsSchema } from '@lightpath/domain/sites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Answers the site's contacts as they now stand.
export async function unassignSiteContact(siteid: number, contactid: number) {
  return (
    await apiRequest(`site/${siteid}/contact/${contactid}`, { reply: siteContactsSchema, method: 'DELETE' })
  ).contacts;
}

export function useUnassignSiteContact(siteid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactid: number) => unassignSiteContact(siteid, contactid),
    onSuccess: (contacts) => {
      queryClient.setQueryData(['sites', 'contacts', siteid], contacts);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'attention'] }),
        queryClient.invalidateQueries({ queryKey: ['contacts'] }),
      ]);
    },
  });
}
