import { listPage } from '@lightpath/domain/api';
import { type AwxJobStatus, awxJobSchema } from '@lightpath/domain/awx';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ListJobsParams = {
  limit: number;
  offset: number;
  q?: string | undefined;
  sort?: string | undefined;
  status?: AwxJobStatus | undefined;
  ongoing?: boolean | undefined;
  equipmentid?: number | undefined;
  serviceid?: string | undefined;
};

export function listJobs(params: ListJobsParams, signal?: AbortSignal) {
  return apiRequest('awx/jobs', { reply: listPage(awxJobSchema), query: params, signal });
}

// Under ['jobs', 'list'], which the live stream's `jobs` topic refreshes while the list is on screen.
export function listJobsQuery(params: ListJobsParams) {
  return queryOptions({
    queryKey: ['jobs', 'list', params],
    queryFn: ({ signal }) => listJobs(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useJobs(params: ListJobsParams, enabled = true) {
  return useQuery({ ...listJobsQuery(params), enabled });
}
