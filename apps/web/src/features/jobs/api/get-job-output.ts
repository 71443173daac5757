import { type AwxOutput, awxOutputSchema } from '@lightpath/domain/awx';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-blob';

// The lines from `after` on (0: from the start).
export function getJobOutput(jobid: number, after: number, signal?: AbortSignal) {
  return apiRequest(`awx/jobs/${jobid}/output`, { reply: awxOutputSchema, query: { after }, signal });
}

export const jobOutputKey = (jobid: number) => ['jobs', 'output', jobid] as const;

// The cached value is the whole output so far: each fetch asks only for the lines after it and appends
// them, so a refresh (the live stream's `jobs` topic, or the 2 s fallback) costs the new lines only.
export function jobOutputQuery(queryClient: QueryClient, jobid: number) {
  return queryOptions({
    queryKey: jobOutputKey(jobid),
    queryFn: async ({ signal }): Promise<AwxOutput> => {
      const known = queryClient.getQueryData<AwxOutput>(jobOutputKey(jobid));
      const after = known?.next ?? 0;
      const more = await getJobOutput(jobid, after, signal);
      return { lines: [...(known?.lines ?? []), ...more.lines], next: more.next, ended: more.ended };
    },
    // Lines never change once written; only new ones are fetched.
    structuralSharing: false,
  });
}

// Fetches nothing more once the output has ended. `pollMs`: ask again this often until then (the page's
// fallback while the live stream is down).
export function useJobOutput(jobid: number, enabled = true, pollMs: number | false = false) {
  const queryClient = useQueryClient();
  const ended = queryClient.getQueryData<AwxOutput>(jobOutputKey(jobid))?.ended ?? false;
  return useQuery({
    ...jobOutputQuery(queryClient, jobid),
    enabled: enabled && !ended,
    refetchInterval: pollMs,
  });
}

// GET awx/jobs/{id}/output.txt needs the session header, so it is fetched and handed over as a file.
export async function downloadJobOutput(jobid: number) {
  const blob = await apiDownload(`awx/jobs/${jobid}/output.txt`);
  downloadBlob(`job-${jobid}-output.txt`, blob);
}
