import {
  type Customer,
  type CustomerUpdate,
  customerMessages,
  customerUpdateSchema,
} from '@lightpath/domain/customers';
import { Button, Group, PasswordInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changedFields } from '../../../lib/changed-fields';
import { emptyToNull } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useFormFollowsRecord } from '../../../lib/use-form-follows-record';
import { saveFormCallbacks, zodResolver } from '../../../lib/zod-form';
import { useUpdateCustomer } from '../api/update-customer';
import { LogoInput } from './logo-input';

type Values = { customername: string; enabled: boolean; logo64: string | null; cdrpin: string };

function valuesOf(customer: Customer): Values {
  return {
    customername: customer.customername,
    enabled: customer.enabled,
    logo64: customer.logo64,
    cdrpin: customer.cdrpin ?? '',
  };
}

function toInput(values: Values): CustomerUpdate {
  return {
    customername: values.customername.trim(),
    enabled: values.enabled,
    logo64: values.logo64,
    cdrpin: emptyToNull(values.cdrpin),
  };
}

// The NOC's edit of a customer. The code is not editable: every service id embeds it.
export function CustomerEditForm({ customer }: { customer: Customer }) {
  const update = useUpdateCustomer(customer.customerid);
  const form = useForm<Values>({
    initialValues: valuesOf(customer),
    validate: zodResolver(customerUpdateSchema, toInput),
  });

  // Fresh data from the server replaces the form's contents, never over unsaved edits.
  useFormFollowsRecord(form, customer, valuesOf);

  const submit = form.onSubmit((values) => {
    const body = changedFields(toInput(values), toInput(valuesOf(customer)));
    if (Object.keys(body).length === 0) {
      notify.info('No changes to save');
      return;
    }
    update.mutate(
      body,
      saveFormCallbacks(form, values, {
        saved: customerMessages.updated,
        failed: 'An error occurred while updating this customer',
      }),
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Customer name" required {...form.getInputProps('customername')} />
          <TextInput
            label="Code"
            value={customer.code || customer.customercode}
            readOnly
            variant="filled"
            description="Fixed: service ids start with it"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            label="CDR PIN"
            description="4 to 8 digits; leave empty for none"
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('cdrpin')}
          />
        </SimpleGrid>
        <Switch
          label="Enabled"
          disabled={customer.isprovider}
          description={
            customer.isprovider
              ? 'The provider is always enabled'
              : 'Disabled customers are left out when NOC staff switch customers'
          }
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <LogoInput
          value={form.values.logo64}
          onChange={(value) => form.setFieldValue('logo64', value)}
          customerName={form.values.customername}
          error={form.errors.logo64}
        />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => form.reset()}
            disabled={!form.isDirty() || update.isPending}
          >
            Discard changes
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
