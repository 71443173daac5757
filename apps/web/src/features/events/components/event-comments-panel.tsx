import { type EventComment, eventCommentSchema, eventMessages } from '@lightpath/domain/events';
import { Avatar, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMessagePlus } from '@tabler/icons-react';
import { Panel } from '../../../components/panel';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { reportFormError, zodResolver } from '../../../lib/zod-form';
import { useAddEventComment } from '../api/add-event-comment';

type Props = { eventid: number; comments: EventComment[]; canComment: boolean };

function initialsOfName(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase() || '?';
}

function CommentItem({ comment }: { comment: EventComment }) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <Avatar size={32} radius="xl" color="indigo" aria-hidden="true">
        {initialsOfName(comment.author)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6}>
          <Text fz="sm" fw={600}>
            {comment.author}
          </Text>
          <Text fz="xs" c="dimmed" title={formatDateTime(comment.createdat)}>
            {formatRelative(comment.createdat)}
          </Text>
        </Group>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.body}
        </Text>
      </Stack>
    </Group>
  );
}

function CommentForm({ eventid }: { eventid: number }) {
  const addComment = useAddEventComment(eventid);
  const form = useForm({
    initialValues: { comment: '' },
    // The domain's schema, so the form says exactly what the server would ('Comment is required').
    validate: zodResolver(eventCommentSchema),
  });

  const submit = form.onSubmit((values) =>
    addComment.mutate(values.comment.trim(), {
      onSuccess: ({ message }) => {
        notify.success(message ?? eventMessages.commentAdded);
        form.reset();
      },
      onError: (error) => reportFormError(form, error, 'An error occurred while adding this comment'),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label="Add a comment"
          placeholder="What changed, what was found, what happens next"
          autosize
          minRows={2}
          maxRows={8}
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

export function EventCommentsPanel({ eventid, comments, canComment }: Props) {
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
        {canComment && <CommentForm eventid={eventid} />}
      </Stack>
    </Panel>
  );
}
