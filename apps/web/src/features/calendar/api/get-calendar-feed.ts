import { calendarFeedReplySchema, type calendarFeedSchema } from '@lightpath/domain/calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

// A customer's live calendar link as GET /api/calendar/feed answers it: never the URL itself, which
// only the reply that created it carries (the server keeps a hash of its token).
export type CalendarFeed = z.output<typeof calendarFeedSchema>;

export async function getCalendarFeed(customerid: number, signal?: AbortSignal) {
  return (
    await apiRequest('calendar/feed', { reply: calendarFeedReplySchema, query: { customerid }, signal })
  ).feed;
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
