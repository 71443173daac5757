import { shelfSchema } from '@lightpath/domain/equipment';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const siteEquipmentSchema = z.object({ count: z.number(), results: z.array(shelfSchema) });

export function listSiteEquipment(siteid: number, signal?: AbortSignal) {
  return apiRequest(`site/${siteid}/equipment`, { reply: siteEquipmentSchema, signal });
}

export function useSiteEquipment(siteid: number, enabled = true) {
  return useQuery({
    queryKey: ['equipment', 'site', siteid],
    queryFn: ({ signal }) => listSiteEquipment(siteid, signal),
    enabled,
  });
}
