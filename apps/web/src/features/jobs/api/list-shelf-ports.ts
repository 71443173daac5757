import { shelfPortSchema } from '@lightpath/domain/equipment';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// A shelf's ports, to choose the one a port operation acts on.
export function listShelfPorts(equipmentid: number, signal?: AbortSignal) {
  return apiRequest(`equipment/${equipmentid}/ports`, { reply: shelfPortSchema.array(), signal });
}

export function useShelfPorts(equipmentid: number, enabled = true) {
  return useQuery({
    queryKey: ['equipment', 'ports', equipmentid],
    queryFn: ({ signal }) => listShelfPorts(equipmentid, signal),
    enabled,
  });
}
