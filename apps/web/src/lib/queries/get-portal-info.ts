import { portalInfoSchema } from '@lightpath/domain/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../api-client';

export type PortalInfo = z.output<typeof portalInfoSchema>;

export function getPortalInfo(signal?: AbortSignal) {
  return apiRequest('portal', { reply: portalInfoSchema, signal, public: true });
}

// Public and fixed for the life of a deployment, so it is fetched once per page load.
export const portalInfoQuery = queryOptions({
  queryKey: ['portal'],
  queryFn: ({ signal }) => getPortalInfo(signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export function usePortalInfo() {
  return useQuery(portalInfoQuery);
}
