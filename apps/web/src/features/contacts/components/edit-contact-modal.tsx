import { type Contact, contactMessages, contactUpdateSchema } from '@lightpath/domain/contacts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { changedFields } from '../../../lib/changed-fields';
import { notify } from '../../../lib/notify';
import { useFormFollowsRecord } from '../../../lib/use-form-follows-record';
import { formLevelKey, saveFormCallbacks, zodResolver } from '../../../lib/zod-form';
import { useUpdateContact } from '../api/update-contact';
import { type ContactFormValues, toContactUpdate, valuesFromContact } from '../contact-form-values';
import { ContactFields } from './contact-fields';

type Props = { contact: Contact; opened: boolean; onClose: () => void };

const validate = zodResolver(contactUpdateSchema, toContactUpdate);

export function EditContactModal({ contact, opened, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const updateContact = useUpdateContact(contact.contactid);
  const form = useForm<ContactFormValues>({ initialValues: valuesFromContact(contact), validate });

  // Fresh data from the server replaces the form's contents, never over unsaved edits.
  useFormFollowsRecord(form, contact, valuesFromContact);

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const body = changedFields(toContactUpdate(values), toContactUpdate(valuesFromContact(contact)));
    if (Object.keys(body).length === 0) {
      notify.info('No changes to save');
      return;
    }
    const callbacks = saveFormCallbacks(form, values, {
      saved: contactMessages.updated,
      failed: contactMessages.updateFailed,
    });
    updateContact.mutate(body, {
      onSuccess: () => {
        callbacks.onSuccess();
        onClose();
      },
      onError: callbacks.onError,
    });
  });

  return (
    <Modal opened={opened} onClose={close} title={`Edit ${contact.contactname}`} size="lg" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ContactFields form={form} />
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={updateContact.isPending}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
