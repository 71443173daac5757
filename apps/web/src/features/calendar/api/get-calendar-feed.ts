import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// A customer's live calendar link as GET /api/calendar/feed answers it: never the URL itself, which
// only the reply that created it carries (the server keeps a hash of its token).
export type CalendarFeed = {
  feedid: number;
  customerid: number;
  // The token's last characters, shown as "…abcd" to tell links apart.
  tokenhint: string;
  createdat: number;
  createdby: string | null;
};

export async function getCalendarFeed(customerid: number, signal?: AbortSignal) {
  return (await apiRequest<{ feed: CalendarFeed | null }>('calendar/feed', { query: { customerid }, signal }))
    .feed;
}

export function calendarFeedQuery(customerid: number) {
  return queryOptions({
    queryKey: ['calendar', 'feed', customerid],
    queryFn: ({ signal }) => getCalendarFeed(customerid, signal),
  });
}

export function useCalendarFeed(customerid: number, enabled = true) {
  return useQuery({ ...calendarFeedQuery(customerid), enabled: enabled && customerid > 0 });
}
