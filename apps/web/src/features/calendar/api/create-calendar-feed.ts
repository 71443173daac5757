import { calendarFeedCreatedSchema } from '@lightpath/domain/calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { calendarFeedQuery } from './get-calendar-feed';

export type CreatedCalendarFeed = z.output<typeof calendarFeedCreatedSchema>;

// Makes a new link and revokes the live one, if any. The URL in the reply is the only copy there is.
export function createCalendarFeed(customerid: number) {
  return apiRequest('calendar/feed', {
    reply: calendarFeedCreatedSchema,
    method: 'POST',
    body: { customerid },
  });
}

export function useCreateCalendarFeed(customerid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createCalendarFeed(customerid),
    onSuccess: ({ feed }) => queryClient.setQueryData(calendarFeedQuery(customerid).queryKey, feed),
  });
}
