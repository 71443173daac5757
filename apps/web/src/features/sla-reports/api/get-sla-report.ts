import { slaReportSchema } from '@lightpath/domain/sla-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SlaReportParams = {
  from: string;
  to: string;
  limit: number;
  offset: number;
  customerid?: number | undefined;
  q?: string | undefined;
  breached?: boolean | undefined;
  sort?: string | undefined;
};

// GET reports/sla: the summary and months of the period, and one page of services.
export function getSlaReport(params: SlaReportParams, signal?: AbortSignal) {
  return apiRequest('reports/sla', { reply: slaReportSchema, query: params, signal });
}

export function slaReportQuery(params: SlaReportParams) {
  return queryOptions({
    queryKey: ['sla-report', params],
    queryFn: ({ signal }) => getSlaReport(params, signal),
    // The current figures stay on screen while another page or period loads.
    placeholderData: keepPreviousData,
  });
}

// Null params while the period typed is not a valid one: nothing is asked.
export function useSlaReport(params: SlaReportParams | null, enabled = true) {
  return useQuery({
    ...slaReportQuery(params ?? { from: '', to: '', limit: 0, offset: 0 }),
    enabled: enabled && params !== null,
  });
}
