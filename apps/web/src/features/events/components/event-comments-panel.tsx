import { type EventComment, eventCommentSchema, eventMessages } from '@lightpath/domain/events';
import { Text } from '@mantine/core';
import { CommentThread } from '../../../components/comment-thread';
import { formatDateTime } from '../../../lib/format';
import { useAddEventComment } from '../api/add-event-comment';

type Props = { eventid: number; comments: EventComment[]; canComment: boolean };

// An event's comments are plain text as typed, so line breaks are kept.
export function EventCommentsPanel({ eventid, comments, canComment }: Props) {
  return (
    <CommentThread
      comments={comments.map((comment) => ({
        id: comment.commentid,
        author: comment.author,
        createdAt: comment.createdat,
        exactTime: formatDateTime(comment.createdat),
        body: (
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.body}
          </Text>
        ),
      }))}
      reply={
        canComment
          ? {
              schema: eventCommentSchema,
              placeholder: 'What changed, what was found, what happens next',
              useAddComment: useAddEventComment,
              recordId: eventid,
              succeeded: eventMessages.commentAdded,
              failed: 'An error occurred while adding this comment',
            }
          : undefined
      }
    />
  );
}
