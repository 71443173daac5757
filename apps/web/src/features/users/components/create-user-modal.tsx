import { type UserType, userTypeNames } from '@lightpath/domain/user-types';
import { assignableUserTypes, userCreateSchema, userMessages } from '@lightpath/domain/users';
import {
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { notify } from '../../../lib/notify';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateUser } from '../api/create-user';
import {
  blankUserValues,
  chameleonChoices,
  chameleonLabels,
  crossFieldProblems,
  toUserCreate,
  type UserFormValues,
} from '../user-form-values';

type Props = { opened: boolean; onClose: () => void };

export function CreateUserModal({ opened, onClose }: Props) {
  const { actor, customer: ownCustomer } = useSession();
  const noc = actor.type === 1;
  const types = assignableUserTypes(actor);
  const customersQuery = useAllCustomers(opened && noc);
  const createUser = useCreateUser();

  const customers = customersQuery.data ?? [];
  const providerCustomer = customers.find((c) => c.isprovider);

  const schemaCheck = useMemo(
    () => zodResolver(userCreateSchema, (v: UserFormValues) => toUserCreate(v, noc)),
    [noc],
  );
  const form = useForm<UserFormValues>({
    initialValues: blankUserValues({
      type: types.includes(5) ? '5' : String(types[0] ?? ''),
      customerid: noc ? '' : String(actor.customerId),
    }),
    validate: (values) => {
      const chosen = customers.find((c) => String(c.customerid) === values.customerid);
      return { ...crossFieldProblems(values, noc ? chosen?.isprovider : false, noc), ...schemaCheck(values) };
    },
  });

  const type = Number(form.values.type) as UserType;
  const providerRole = form.values.type !== '' && type <= 3;

  // Provider roles live in the provider's own customer; pick it for the user instead of asking.
  useEffect(() => {
    if (!noc || !providerCustomer) return;
    const current = customers.find((c) => String(c.customerid) === form.values.customerid);
    if (providerRole && !current?.isprovider)
      form.setFieldValue('customerid', String(providerCustomer.customerid));
    if (!providerRole && current?.isprovider) form.setFieldValue('customerid', '');
  }, [noc, providerRole, providerCustomer, customers, form.values.customerid, form.setFieldValue]);

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const body = toUserCreate(values, noc);
    createUser.mutate(body, {
      onSuccess: (user) => {
        notify.success(
          body.password
            ? `${userMessages.created}: ${user.firstname} ${user.surname}`
            : `${userMessages.created}. An invitation was emailed to ${user.email}.`,
        );
        close();
      },
      onError: (error) => {
        reportFormError(form, error, 'An error occurred while creating this user');
      },
    });
  });

  const customerOptions = customers
    .filter((c) => (providerRole ? c.isprovider : !c.isprovider))
    .map((c) => ({ value: String(c.customerid), label: `${c.customername} (${c.code || c.customercode})` }));

  return (
    <Modal opened={opened} onClose={close} title="New user" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required data-autofocus {...form.getInputProps('firstname')} />
            <TextInput label="Surname" required {...form.getInputProps('surname')} />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput label="Job title" {...form.getInputProps('title')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Office phone" type="tel" {...form.getInputProps('office')} />
            <TextInput label="Mobile" type="tel" {...form.getInputProps('mobile')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="User type"
              required
              allowDeselect={false}
              data={types.map((t) => ({ value: String(t), label: `${t} · ${userTypeNames[t]}` }))}
              {...form.getInputProps('type')}
            />
            {noc ? (
              <Select
                label="Customer"
                required
                searchable
                disabled={providerRole}
                description={providerRole ? 'Provider staff belong to the provider' : undefined}
                placeholder={customersQuery.isPending ? 'Loading customers…' : 'Choose a customer'}
                nothingFoundMessage="No matching customer"
                data={
                  providerRole && providerCustomer
                    ? [{ value: String(providerCustomer.customerid), label: providerCustomer.customername }]
                    : customerOptions
                }
                {...form.getInputProps('customerid')}
              />
            ) : (
              <TextInput label="Customer" value={ownCustomer.customername} readOnly variant="filled" />
            )}
          </SimpleGrid>
          <Switch
            label="Company admin"
            description="Can manage this company's users and settings"
            {...form.getInputProps('companyAdmin', { type: 'checkbox' })}
          />
          {noc && (
            <Select
              label="Switch customer"
              description="Whether this user may view the portal as a customer"
              allowDeselect={false}
              data={chameleonChoices.map((c) => ({ value: String(c), label: chameleonLabels[c] }))}
              {...form.getInputProps('chameleon')}
            />
          )}
          <PasswordInput
            label="Password"
            description="Optional. Leave empty and the user receives an invitation email to choose their own."
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={createUser.isPending}>
              {form.values.password ? 'Create user' : 'Create and invite'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
