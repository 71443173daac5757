import { changeReportSchema } from '@lightpath/domain/change-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ChangeReportFilters = {
  from: string;
  to: string;
  customer?: number | undefined;
  type?: 1 | 2 | undefined;
  priority?: number | undefined;
  approver?: string | undefined;
  q?: string | undefined;
  sort?: string | undefined;
};

export type ChangeReportParams = ChangeReportFilters & { limit: number; offset: number };

// GET reports/changes: the period's counts and one page of its events.
export function getChangeReport(params: ChangeReportParams, signal?: AbortSignal) {
  return apiRequest('reports/changes', { reply: changeReportSchema, query: params, signal });
}

export function changeReportQuery(params: ChangeReportParams) {
  return queryOptions({
    queryKey: ['reports', 'changes', params],
    queryFn: ({ signal }) => getChangeReport(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useChangeReport(params: ChangeReportParams, enabled = true) {
  return useQuery({ ...changeReportQuery(params), enabled });
}
