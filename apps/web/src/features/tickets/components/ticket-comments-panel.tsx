import {
  formatTicketTime,
  type TicketCommentRow,
  ticketCommentSchema,
  ticketMessages,
} from '@lightpath/domain/tickets';
import { Paper, Typography } from '@mantine/core';
import { CommentThread } from '../../../components/comment-thread';
import { displayTimeZone } from '../../../lib/time-zone';
import { useAddTicketComment } from '../api/add-ticket-comment';

type Props = { ticketid: number; comments: TicketCommentRow[] };

// A comment's body as the server keeps it: paragraphs, lists and the tables of facts a ticket opens with.
export function TicketHtml({ html }: { html: string }) {
  return (
    <Typography fz="sm" style={{ overflowWrap: 'anywhere' }}>
      {/* Safe: the server reduces every comment to an allow-list of formatting tags
          (platform/sanitise-html.ts: no scripts, styles, event handlers or frames; links only to
          http(s) and mailto) on the way in, and again on the way out of an external ticket
          system, so htmlbody never reaches the browser unsanitised. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server, see above */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

// The ticket's conversation after its opening comment; every reader of a ticket may answer it.
export function TicketCommentsPanel({ ticketid, comments }: Props) {
  return (
    <CommentThread
      articles
      comments={comments.map((comment) => ({
        id: comment.commentid,
        author: comment.author,
        createdAt: comment.created_at,
        exactTime: formatTicketTime(comment.created_at, displayTimeZone()),
        body: (
          // The bordered bubble sits 4 px under the author line where plain text sits 2 px.
          <Paper withBorder radius="md" px="sm" py={6} mt={2} bg="var(--mantine-color-default-hover)">
            <TicketHtml html={comment.htmlbody} />
          </Paper>
        ),
      }))}
      reply={{
        schema: ticketCommentSchema,
        placeholder: 'An update for the NOC, or an answer to their question',
        useAddComment: useAddTicketComment,
        recordId: ticketid,
        succeeded: ticketMessages.commentAdded,
        failed: ticketMessages.commentFailed,
        lockWhileSending: true,
      }}
    />
  );
}
