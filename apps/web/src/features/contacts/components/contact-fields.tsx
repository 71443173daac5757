import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ContactFormValues } from '../contact-form-values';

// The fields the create and edit forms share.
export function ContactFields({ form }: { form: UseFormReturnType<ContactFormValues> }) {
  return (
    <Stack gap="md">
      <TextInput label="Name" required data-autofocus {...form.getInputProps('contactname')} />
      <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
      <TextInput label="Title" placeholder="e.g. Network Manager" {...form.getInputProps('title')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Office phone" type="tel" {...form.getInputProps('office')} />
        <TextInput label="Mobile" type="tel" {...form.getInputProps('mobile')} />
      </SimpleGrid>
    </Stack>
  );
}
