import { Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { TicketFormValues } from '../../ticket-form-values';

type Props = { form: UseFormReturnType<TicketFormValues>; heading: ReactNode };

// Step three: the words of the ticket. The subject comes prefilled (spec 9) and may be changed.
export function MessageStep({ form, heading }: Props) {
  return (
    <Stack gap="md">
      {heading}
      <TextInput
        label="Subject"
        required
        data-autofocus
        description="Filled in from what you chose; change it if you like"
        {...form.getInputProps('subject')}
      />
      <Textarea
        label="Description"
        required
        autosize
        minRows={4}
        maxRows={12}
        placeholder="What you see, since when, what you have tried, and how to reach you"
        {...form.getInputProps('description')}
      />
    </Stack>
  );
}
