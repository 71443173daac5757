import { listPage } from '@lightpath/domain/api';
import { apiLogSchema } from '@lightpath/domain/api-logs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ApiLogFilters = {
  from: number;
  to: number;
  method?: string | undefined;
  status?: string | undefined;
  user?: string | undefined;
  route?: string | undefined;
  address?: string | undefined;
  sort?: string | undefined;
};

export type ListApiLogsParams = ApiLogFilters & { limit: number; offset: number };

export function listApiLogs(params: ListApiLogsParams, signal?: AbortSignal) {
  return apiRequest('apilogs', { reply: listPage(apiLogSchema), query: params, signal });
}

export function listApiLogsQuery(params: ListApiLogsParams) {
  return queryOptions({
    queryKey: ['apilogs', params],
    queryFn: ({ signal }) => listApiLogs(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApiLogs(params: ListApiLogsParams, enabled = true) {
  return useQuery({ ...listApiLogsQuery(params), enabled });
}
