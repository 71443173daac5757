import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type DashboardSummary = {
  services: { total: number; normal: number; maintenance: number; atrisk: number; offline: number };
  sites: { total: number; online: number; impacted: number; offline: number; disabled: number };
};

export function getDashboardSummary(signal?: AbortSignal) {
  return apiRequest<DashboardSummary>('dashboard/summary', { signal });
}

// Conditions follow the network events, which refresh every 120 s (spec 9).
export const dashboardSummaryQuery = queryOptions({
  queryKey: ['dashboard', 'summary'],
  queryFn: ({ signal }) => getDashboardSummary(signal),
  refetchInterval: 120_000,
});

export function useDashboardSummary(enabled = true) {
  return useQuery({ ...dashboardSummaryQuery, enabled });
}
