import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type CalendarFeed, calendarFeedQuery } from './get-calendar-feed';

export type CreatedCalendarFeed = { url: string; feed: CalendarFeed };

// Makes a new link and revokes the live one, if any. The URL in the reply is the only copy there is.
export function createCalendarFeed(customerid: number) {
  return apiRequest<CreatedCalendarFeed>('calendar/feed', { method: 'POST', body: { customerid } });
}

export function useCreateCalendarFeed(customerid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createCalendarFeed(customerid),
    onSuccess: ({ feed }) => queryClient.setQueryData(calendarFeedQuery(customerid).queryKey, feed),
  });
}
