import { noPayload } from '@lightpath/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { calendarFeedQuery } from './get-calendar-feed';

export function revokeCalendarFeed(customerid: number) {
  return apiRequest('calendar/feed', { reply: noPayload, method: 'DELETE', query: { customerid } });
}

export function useRevokeCalendarFeed(customerid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeCalendarFeed(customerid),
    onSuccess: () => queryClient.setQueryData(calendarFeedQuery(customerid).queryKey, null),
    // Someone else may have revoked or replaced it meanwhile (404): show the link as it now stands.
    onError: () => queryClient.invalidateQueries({ queryKey: calendarFeedQuery(customerid).queryKey }),
  });
}
