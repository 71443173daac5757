import type { EventDetail } from '@lightpath/domain/events';
import { eventCommentAddedSchema } from '@lightpath/domain/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithMessage } from '../../../lib/api-client';

export async function addEventComment(eventid: number, comment: string) {
  const reply = await apiRequestWithMessage(`event/${eventid}/comment`, {
    reply: eventCommentAddedSchema,
    method: 'POST',
    body: { comment },
  });
  return { comment: reply.payload.comment, message: reply.message };
}

export function useAddEventComment(eventid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => addEventComment(eventid, comment),
    onSuccess: ({ comment }) => {
      // The new comment shows at once; the refetch behind it brings anyone else's.
      queryClient.setQueryData<EventDetail>(['events', 'detail', eventid], (event) =>
        event && !event.comments.some((c) => c.commentid === comment.commentid)
          ? { ...event, comments: [...event.comments, comment] }
          : event,
      );
      // A comment changes no condition, so only the event views refresh (not services, sites or the map).
      return queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}
