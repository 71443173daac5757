import { awxJobDetailSchema } from '@lightpath/domain/awx';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getJob(jobid: number, signal?: AbortSignal) {
  return apiRequest(`awx/jobs/${jobid}`, { reply: awxJobDetailSchema, signal });
}

// Under ['jobs', 'detail'], which the live stream's `jobs` topic refreshes while the page is open.
export function jobQuery(jobid: number) {
  return queryOptions({
    queryKey: ['jobs', 'detail', jobid],
    queryFn: ({ signal }) => getJob(jobid, signal),
  });
}

// `pollMs`: ask again this often while the job runs (the page's fallback while the stream is down).
export function useJob(jobid: number, enabled = true, pollMs: number | false = false) {
  return useQuery({
    ...jobQuery(jobid),
    enabled,
    refetchInterval: (query) => (pollMs && query.state.data && !query.state.data.ended ? pollMs : false),
  });
}
