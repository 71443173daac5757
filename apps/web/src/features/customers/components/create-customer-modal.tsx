import { type CustomerCreate, customerCreateSchema } from '@lightpath/domain/customers';
import { Button, Grid, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateCustomer } from '../api/create-customer';
import { LogoInput } from './logo-input';

type Values = { customername: string; customercode: string; enabled: boolean; logo64: string | null };

function toInput(values: Values): CustomerCreate {
  return {
    customername: values.customername.trim(),
    customercode: values.customercode.trim().toUpperCase(),
    enabled: values.enabled,
    logo64: values.logo64,
  };
}

export function CreateCustomerModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const createCustomer = useCreateCustomer();
  const navigate = useNavigate();
  const form = useForm<Values>({
    initialValues: { customername: '', customercode: '', enabled: true, logo64: null },
    validate: zodResolver(customerCreateSchema, toInput),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    createCustomer.mutate(toInput(values), {
      onSuccess: (customer) => {
        notify.success(`Customer ${customer.customername} created`);
        close();
        navigate(`/customers/${customer.customerid}`);
      },
      onError: (error) => {
        reportFormError(form, error, 'An error occurred while creating this customer');
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="New customer" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Grid>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                label="Customer name"
                required
                data-autofocus
                {...form.getInputProps('customername')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="Code"
                description="3 letters or digits"
                required
                styles={{
                  input: { textTransform: 'uppercase', fontFamily: 'var(--mantine-font-family-monospace)' },
                }}
                {...form.getInputProps('customercode')}
                onChange={(event) =>
                  form.setFieldValue('customercode', event.currentTarget.value.toUpperCase())
                }
              />
            </Grid.Col>
          </Grid>
          <Switch
            label="Enabled"
            description="Disabled customers are left out when NOC staff switch customers"
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <LogoInput
            value={form.values.logo64}
            onChange={(value) => form.setFieldValue('logo64', value)}
            customerName={form.values.customername}
            error={form.errors.logo64}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={createCustomer.isPending}>
              Create customer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
