import { type UsageLabelFilter, usageReportSchema } from '@lightpath/domain/usage-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type UsageReportParams = {
  from: string;
  to: string;
  customer?: number | undefined;
  label?: UsageLabelFilter | undefined;
  q?: string | undefined;
  sort?: string | undefined;
  limit: number;
  offset: number;
};

// GET reports/usage: the months' counts for the chart and a page of services.
export function getUsageReport(params: UsageReportParams, signal?: AbortSignal) {
  return apiRequest('reports/usage', { reply: usageReportSchema, query: params, signal });
}

export function usageReportQuery(params: UsageReportParams) {
  return queryOptions({
    queryKey: ['reports', 'usage', params],
    queryFn: ({ signal }) => getUsageReport(params, signal),
    // The chart and the table stay on screen while another page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsageReport(params: UsageReportParams | null) {
  return useQuery({
    ...usageReportQuery(params ?? { from: '', to: '', limit: 0, offset: 0 }),
    enabled: params !== null,
  });
}
