import { shelfListSchema } from '@lightpath/domain/equipment';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function listSiteEquipment(siteid: number, signal?: AbortSignal) {
  return apiRequest(`site/${siteid}/equipment`, { reply: shelfListSchema, signal });
}

export function useSiteEquipment(siteid: number, enabled = true) {
  return useQuery({
    queryKey: ['equipment', 'site', siteid],
    queryFn: ({ signal }) => listSiteEquipment(siteid, signal),
    enabled,
  });
}
