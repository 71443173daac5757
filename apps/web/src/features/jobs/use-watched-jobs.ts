import { type AwxWatchList, jobPollMs } from '@lightpath/domain/awx';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getWatchList, watchListKey } from './api/get-watch-list';
import { listJobs } from './api/list-jobs';
import { clearWatchList, unwatchJob } from './api/unwatch-job';
import { watchJob } from './api/watch-job';

// The most ongoing jobs one refresh looks at; more than this running at once is not a portal's day.
const ongoingPage = 100;

// One refresh of spec 4: the jobs still ongoing, any of them not watched added to the list, then the
// watched jobs as they stand now.
export async function refreshWatchedJobs(known: AwxWatchList): Promise<AwxWatchList> {
  const ongoing = await listJobs({ ongoing: true, limit: ongoingPage, offset: 0 });
  const watched = new Set(known.jobs.map((job) => job.id));
  let list: AwxWatchList | null = null;
  for (const job of ongoing.results) {
    if (!watched.has(job.id)) list = await watchJob(job.id);
  }
  // The last addition's reply is already the whole list; without one, read the list for fresh statuses.
  return list ?? (await getWatchList());
}

// Adds a job (after a launch, or from its page); an ongoing one starts the refresh.
export async function watchAndRemember(queryClient: QueryClient, jobid: number): Promise<AwxWatchList> {
  const list = await watchJob(jobid);
  queryClient.setQueryData(watchListKey, list);
  return list;
}

const anyOngoing = (list: AwxWatchList | undefined) => Boolean(list?.jobs.some((job) => !job.ended));

// Spec 2.3 and 4: the header's watched jobs. The list is read once; it refreshes every 10 s only while a
// watched job is ongoing, and the refresh stops by itself after one that finds none. An empty list, or
// one whose jobs have all ended, asks the server for nothing more.
export function useWatchedJobs(enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: watchListKey,
    queryFn: ({ signal }) => {
      const known = queryClient.getQueryData<AwxWatchList>(watchListKey);
      return known ? refreshWatchedJobs(known) : getWatchList(signal);
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (q) => (anyOngoing(q.state.data) ? jobPollMs : false),
  });
  const jobs = query.data?.jobs ?? [];

  const remove = useCallback(
    async (jobid: number) => queryClient.setQueryData(watchListKey, await unwatchJob(jobid)),
    [queryClient],
  );
  const clear = useCallback(
    async () => queryClient.setQueryData(watchListKey, await clearWatchList()),
    [queryClient],
  );
  return { query, jobs, polling: enabled && anyOngoing(query.data), remove, clear };
}
