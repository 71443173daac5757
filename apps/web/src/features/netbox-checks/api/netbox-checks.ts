import { listPage } from '@lightpath/domain/api';
import { equipmentMessages, shelfSchema } from '@lightpath/domain/equipment';
import { type NetBoxCompare, netboxCompareSchema } from '@lightpath/domain/netbox-inventory';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, apiRequestWithMessage } from '../../../lib/api-client';

// The compare and sync pages are addressed by the shelf's NAME (spec 2.2), the API by its id: the
// list search finds it, and only the exact name (ignoring case, as names are unique so) is taken.
export async function findShelfNamed(name: string, signal?: AbortSignal) {
  const reply = await apiRequest('shelves', {
    reply: listPage(shelfSchema),
    query: { q: name, limit: 20, offset: 0 },
    signal,
  });
  const wanted = name.toLowerCase();
  const found = reply.results.find((shelf) => shelf.equipmentname.toLowerCase() === wanted);
  if (!found) throw new ApiError(404, equipmentMessages.notFound);
  return found;
}

export function useShelfNamed(name: string, enabled: boolean) {
  return useQuery({
    queryKey: ['equipment', 'named', name.toLowerCase()],
    queryFn: ({ signal }) => findShelfNamed(name, signal),
    enabled,
    // A name that is not a shelf will not become one by asking again.
    retry: false,
  });
}

const compareKey = (equipmentid: number) => ['equipment', 'netbox', equipmentid] as const;

export function getNetBoxCompare(equipmentid: number, signal?: AbortSignal) {
  return apiRequest(`equipment/${equipmentid}/netbox`, { reply: netboxCompareSchema, signal });
}

export function useNetBoxCompare(equipmentid: number | undefined) {
  return useQuery({
    queryKey: compareKey(equipmentid ?? 0),
    queryFn: ({ signal }) => getNetBoxCompare(equipmentid ?? 0, signal),
    enabled: equipmentid !== undefined,
    // A NetBox that did not answer is shown with a retry button rather than retried behind the user's back.
    retry: false,
  });
}

export async function syncWithNetBox(equipmentid: number, differences: string[]) {
  const reply = await apiRequestWithMessage(`equipment/${equipmentid}/netbox/sync`, {
    reply: netboxCompareSchema,
    method: 'POST',
    body: { differences },
  });
  return { compare: reply.payload, message: reply.message };
}

// The reply is the fresh compare: it replaces the page's. After a failure part way, what was written
// is in NetBox, so the compare is read again either way.
export function useNetBoxSync(equipmentid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (differences: string[]) => syncWithNetBox(equipmentid, differences),
    onSuccess: ({ compare }) => queryClient.setQueryData<NetBoxCompare>(compareKey(equipmentid), compare),
    onError: () => queryClient.invalidateQueries({ queryKey: compareKey(equipmentid) }),
  });
}
