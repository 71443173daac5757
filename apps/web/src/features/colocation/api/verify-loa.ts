import { type LoaVerification, loaVerificationSchema } from '@lightpath/domain/loa';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

// GET loa/verify/{token}: public, so a contractor's phone with no account can ask. A token longer
// than any the portal issues is refused by the server's router (414): no letter of ours either.
export async function verifyLoa(token: string, signal?: AbortSignal): Promise<LoaVerification> {
  try {
    return await apiRequest(`loa/verify/${encodeURIComponent(token)}`, {
      reply: loaVerificationSchema,
      signal,
      public: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 414) return { status: 'unknown' };
    throw error;
  }
}

export function verifyLoaQuery(token: string) {
  return queryOptions({
    queryKey: ['loa', 'verify', token],
    queryFn: ({ signal }) => verifyLoa(token, signal),
    // The answer changes with the clock and the cross-connect: read afresh on every visit.
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  });
}

export function useLoaVerification(token: string) {
  return useQuery(verifyLoaQuery(token));
}
