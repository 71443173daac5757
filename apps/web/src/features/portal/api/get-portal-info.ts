import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type PortalInfo = {
  name: string;
  provider: { name: string; code: string; customerid: number | null };
  supportphone: string;
  maptileurl: string | null;
  maptileattribution: string | null;
  // PORTAL_TIMEZONE: the zone times are read and typed in unless the user chose their own.
  timezone: string;
  version: string;
};

export function getPortalInfo(signal?: AbortSignal) {
  return apiRequest<PortalInfo>('portal', { signal, public: true });
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
