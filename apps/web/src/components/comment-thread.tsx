import { Avatar, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMessagePlus } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { formatRelative } from '../lib/format';
import { notify } from '../lib/notify';
import { reportFormError, zodResolver } from '../lib/zod-form';
import { Panel } from './panel';

// One comment as the thread shows it; each area says how its body reads (plain text, sanitised HTML)
// and how its exact time is written.
export type ThreadComment = {
  id: number;
  author: string;
  createdAt: number;
  exactTime: string;
  body: ReactNode;
};

export type CommentReply = {
  // The domain's schema, so the form says exactly what the server would.
  schema: z.ZodType;
  placeholder: string;
  // The area's add-comment hook and the record it comments on: the reply box calls the hook itself, so
  // it re-renders with the write's progress (the box is held while a ticket reply is sent).
  useAddComment: (recordId: number) => UseMutationResult<{ message?: string }, Error, string>;
  recordId: number;
  succeeded: string;
  failed: string;
  // Tickets refetch the thread after a reply, so the box is held until the reply is in.
  lockWhileSending?: boolean;
};

type Props = {
  comments: ThreadComment[];
  // Ticket comments are articles named by their author (a conversation screen readers can step through).
  articles?: boolean;
  reply?: CommentReply;
};

function initialsOfName(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase() || '?';
}

function CommentItem({ comment, article }: { comment: ThreadComment; article: boolean }) {
  const semantics = article ? { component: 'article', 'aria-label': `Comment by ${comment.author}` } : {};
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" {...semantics}>
      <Avatar size={32} radius="xl" color="indigo" aria-hidden="true">
        {initialsOfName(comment.author)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6}>
          <Text fz="sm" fw={600}>
            {comment.author}
          </Text>
          <Text fz="xs" c="dimmed" title={comment.exactTime}>
            {formatRelative(comment.createdAt)}
          </Text>
        </Group>
        {comment.body}
      </Stack>
    </Group>
  );
}

function ReplyForm({
  schema,
  placeholder,
  useAddComment,
  recordId,
  succeeded,
  failed,
  lockWhileSending,
}: CommentReply) {
  const mutation = useAddComment(recordId);
  const form = useForm({ initialValues: { comment: '' }, validate: zodResolver(schema) });

  const submit = form.onSubmit((values) =>
    mutation.mutate(values.comment.trim(), {
      onSuccess: ({ message }) => {
        notify.success(message ?? succeeded);
        form.reset();
      },
      onError: (error) => reportFormError(form, error, failed),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label="Add a comment"
          placeholder={placeholder}
          autosize
          minRows={2}
          maxRows={8}
          disabled={lockWhileSending ? mutation.isPending : undefined}
          {...form.getInputProps('comment')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            variant="light"
            leftSection={<IconMessagePlus size={16} />}
            loading={mutation.isPending}
          >
            Add comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// A record's conversation, oldest first as the server answers it, with a reply box underneath for
// those who may reply.
export function CommentThread({ comments, articles = false, reply }: Props) {
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
              <CommentItem key={comment.id} comment={comment} article={articles} />
            ))}
          </Stack>
        )}
        {reply && <ReplyForm {...reply} />}
      </Stack>
    </Panel>
  );
}
