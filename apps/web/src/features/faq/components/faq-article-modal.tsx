import {
  type FaqArticle,
  faqBodyMax,
  faqCreateSchema,
  faqLabels,
  faqMessages,
  faqTagsMax,
} from '@lightpath/domain/faq';
import { Box, Button, Group, Modal, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { notify } from '../../../lib/notify';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateFaq } from '../api/create-faq';
import { useFaqTags } from '../api/list-faqs';
import { useUpdateFaq } from '../api/update-faq';
import { FaqBusyOverlay } from './faq-busy-overlay';

type Values = { title: string; body: string; tags: string[] };

type Props = {
  // Absent: a new article.
  article?: FaqArticle | undefined;
  opened: boolean;
  onClose: () => void;
  onSaved?: (article: FaqArticle) => void;
};

const valuesOf = (article?: FaqArticle): Values => ({
  title: article?.title ?? '',
  body: article?.body ?? '',
  tags: article?.tags ?? [],
});

const schemaCheck = zodResolver<Values>(faqCreateSchema);

// A problem with one tag ('tags.3') is shown under the tags input as a whole.
function withTagErrorsMerged(errors: FormErrors): FormErrors {
  const merged: FormErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.startsWith('tags') ? 'tags' : key;
    if (!(field in merged)) merged[field] = message;
  }
  return merged;
}

export function FaqArticleModal({ article, opened, onClose, onSaved }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const editing = article !== undefined;
  const createFaq = useCreateFaq();
  const updateFaq = useUpdateFaq();
  const tags = useFaqTags(opened);
  const saving = createFaq.isPending || updateFaq.isPending;
  const form = useForm<Values>({
    initialValues: valuesOf(article),
    validate: (values) => withTagErrorsMerged(schemaCheck(values)),
  });

  // Opening the editor again starts from the article as it is now, not from an abandoned draft.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(valuesOf(article));
    form.setValues(valuesOf(article));
    form.clearErrors();
  }, [opened]);

  const submit = form.onSubmit((values) => {
    const body = faqCreateSchema.parse(values);
    const callbacks = {
      onSuccess: (saved: FaqArticle) => {
        notify.success(editing ? faqMessages.updated : faqMessages.created);
        form.resetDirty();
        onClose();
        onSaved?.(saved);
      },
      onError: (error: unknown) =>
        reportFormError(
          { setErrors: (errors) => form.setErrors(withTagErrorsMerged(errors)) },
          error,
          faqMessages.saveFailed,
        ),
    };
    if (article) updateFaq.mutate({ faqid: article.faqid, ...body }, callbacks);
    else createFaq.mutate(body, callbacks);
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit FAQ article' : 'New FAQ article'}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={!form.isDirty()}
    >
      <Box pos="relative">
        <FaqBusyOverlay visible={saving} label={editing ? faqLabels.updating : faqLabels.creating} />
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Title"
              required
              data-autofocus
              maxLength={200}
              {...form.getInputProps('title')}
            />
            <Textarea
              label="Article"
              description="Plain text. Leave a blank line between paragraphs."
              required
              autosize
              minRows={10}
              maxRows={24}
              maxLength={faqBodyMax}
              {...form.getInputProps('body')}
            />
            <TagsInput
              label="Tags"
              description={`Up to ${faqTagsMax} lower-case words, e.g. light-levels. Press Enter or a comma after each.`}
              placeholder="Add a tag"
              data={(tags.data ?? []).map((t) => t.tag)}
              splitChars={[',', ' ']}
              clearable
              {...form.getInputProps('tags')}
            />
            {form.errors[formLevelKey] && (
              <Text c="red" fz="sm" role="alert">
                {form.errors[formLevelKey]}
              </Text>
            )}
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                {editing ? 'Save changes' : 'Create article'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Box>
    </Modal>
  );
}
