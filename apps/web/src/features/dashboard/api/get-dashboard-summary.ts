import { dashboardSummarySchema } from '@lightpath/domain/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type DashboardSummary = z.output<typeof dashboardSummarySchema>;

export function getDashboardSummary(signal?: AbortSignal) {
  return apiRequest('dashboard/summary', { reply: dashboardSummarySchema, signal });
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
