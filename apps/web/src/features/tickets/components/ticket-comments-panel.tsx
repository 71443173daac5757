import {
  formatTicketTime,
  type TicketCommentRow,
  ticketCommentSchema,
  ticketMessages,
} from '@lightpath/domain/tickets';
import { Avatar, Button, Group, Paper, Stack, Text, Textarea, Typography } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMessagePlus } from '@tabler/icons-react';
import { Panel } from '../../../components/panel';
import { formatRelative } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { displayTimeZone } from '../../../lib/time-zone';
import { reportFormError, zodResolver } from '../../../lib/zod-form';
import { useAddTicketComment } from '../api/add-ticket-comment';

type Props = { ticketid: number; comments: TicketCommentRow[] };

function initialsOfName(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase() || '?';
}

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

function CommentItem({ comment }: { comment: TicketCommentRow }) {
  return (
    <Group
      gap="sm"
      align="flex-start"
      wrap="nowrap"
      component="article"
      aria-label={`Comment by ${comment.author}`}
    >
      <Avatar size={32} radius="xl" color="indigo" aria-hidden="true">
        {initialsOfName(comment.author)}
      </Avatar>
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6}>
          <Text fz="sm" fw={600}>
            {comment.author}
          </Text>
          <Text fz="xs" c="dimmed" title={formatTicketTime(comment.created_at, displayTimeZone())}>
            {formatRelative(comment.created_at)}
          </Text>
        </Group>
        <Paper withBorder radius="md" px="sm" py={6} bg="var(--mantine-color-default-hover)">
          <TicketHtml html={comment.htmlbody} />
        </Paper>
      </Stack>
    </Group>
  );
}

function CommentForm({ ticketid }: { ticketid: number }) {
  const addComment = useAddTicketComment(ticketid);
  const form = useForm({
    initialValues: { comment: '' },
    // The domain's schema, so the form says exactly what the server would ('Comment Required!').
    validate: zodResolver(ticketCommentSchema),
  });

  const submit = form.onSubmit((values) =>
    addComment.mutate(values.comment.trim(), {
      onSuccess: ({ message }) => {
        notify.success(message ?? ticketMessages.commentAdded);
        form.reset();
      },
      onError: (error) => reportFormError(form, error, ticketMessages.commentFailed),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label="Add a comment"
          placeholder="An update for the NOC, or an answer to their question"
          autosize
          minRows={2}
          maxRows={8}
          disabled={addComment.isPending}
          {...form.getInputProps('comment')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            variant="light"
            leftSection={<IconMessagePlus size={16} />}
            loading={addComment.isPending}
          >
            Add comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// The ticket's conversation, oldest first as the server answers it, with a reply box underneath.
export function TicketCommentsPanel({ ticketid, comments }: Props) {
  return (
    <Panel title="Comments" count={comments.length}>
      <Stack gap="md">
        {comments.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No comments yet.
          </Text>
        ) : (
          <Stack gap="md">
            {comments.map((comment) => (
              <CommentItem key={comment.commentid} comment={comment} />
            ))}
          </Stack>
        )}
        <CommentForm ticketid={ticketid} />
      </Stack>
    </Panel>
  );
}
