import { handoffCandidatesSchema } from '@lightpath/domain/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequestWithMessage } from '../../../lib/api-client';
import type { HandoffResult } from '../handoffs';

// Spec 5: for the handoff finder a message in the reply also counts as failure.
export async function findHandoffs(serviceid: string, signal?: AbortSignal): Promise<HandoffResult> {
  const { payload, message } = await apiRequestWithMessage(
    `service/${encodeURIComponent(serviceid)}/handofffinder`,
    { reply: handoffCandidatesSchema, signal },
  );
  if (message || !payload)
    throw new ApiError(200, message ?? 'No handoffs in the reply', { fromServer: false });
  return payload;
}

export function handoffsQuery(serviceid: string) {
  return queryOptions({
    // Not under 'services': saving a service must not send the finder walking the network again.
    queryKey: ['handoffs', serviceid],
    queryFn: ({ signal }) => findHandoffs(serviceid, signal),
    retry: false,
    staleTime: 60_000,
  });
}

// Only runs once asked for (the finder walks the network, so it is not fetched on every keystroke).
export function useHandoffs(serviceid: string | null) {
  return useQuery({ ...handoffsQuery(serviceid ?? ''), enabled: Boolean(serviceid) });
}
