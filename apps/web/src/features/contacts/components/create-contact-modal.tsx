import { contactCreateSchema, contactMessages } from '@lightpath/domain/contacts';
import { isProviderType } from '@lightpath/domain/user-types';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateContact } from '../api/create-contact';
import { blankContactValues, type ContactFormValues, toContactCreate } from '../contact-form-values';
import { ContactFields } from './contact-fields';

type Props = { opened: boolean; onClose: () => void; customerid?: string };

export function CreateContactModal({ opened, onClose, customerid = '' }: Props) {
  const { actor, customer: ownCustomer } = useSession();
  // Provider staff choose the customer; a customer admin's contacts are its own.
  const namesCustomer = isProviderType(actor.type);
  const phone = useMediaQuery('(max-width: 36em)');
  const customers = useAllCustomers(opened && namesCustomer);
  const createContact = useCreateContact();
  const navigate = useNavigate();
  const validate = useMemo(
    () => zodResolver(contactCreateSchema, (v: ContactFormValues) => toContactCreate(v, namesCustomer)),
    [namesCustomer],
  );
  const form = useForm<ContactFormValues>({
    initialValues: blankContactValues(),
    validate,
  });

  // Opened from a list narrowed to one customer, the new contact is for that customer unless changed.
  useEffect(() => {
    if (opened && namesCustomer && customerid && !form.isDirty()) form.setValues({ customerid });
  }, [opened, namesCustomer, customerid, form.isDirty, form.setValues]);

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    createContact.mutate(toContactCreate(values, namesCustomer), {
      onSuccess: ({ contact, message }) => {
        notify.success(message ?? contactMessages.created);
        close();
        navigate(`/contact/${contact.contactid}`);
      },
      onError: (error) => reportFormError(form, error, contactMessages.createFailed),
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="New contact" size="lg" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {namesCustomer ? (
            <Select
              label="Customer"
              required
              searchable
              placeholder={customers.isPending ? 'Loading customers…' : 'Choose a customer'}
              nothingFoundMessage="No matching customer"
              data={(customers.data ?? []).map((c) => ({
                value: String(c.customerid),
                label: `${c.customername} (${c.customercode})`,
              }))}
              {...form.getInputProps('customerid')}
            />
          ) : (
            <TextInput label="Customer" value={ownCustomer.customername} readOnly variant="filled" />
          )}
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
            <Button type="submit" loading={createContact.isPending}>
              Create contact
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
