import { impersonationProblem } from '@lightpath/domain/impersonation';
import { type UserType, userTypeNames } from '@lightpath/domain/user-types';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { CustomerAvatar } from '../../../components/customer-avatar';
import { useSession } from '../../../lib/session';
import { useSwitchableCustomers } from '../api/list-switchable-customers';
import { useSwitchCustomer } from '../api/use-switch-customer';
import { roleChoicesFor } from '../switch-customer';

type Props = { opened: boolean; onClose: () => void };

export function SwitchCustomerModal({ opened, onClose }: Props) {
  const { actor, customer: current } = useSession();
  const customersQuery = useSwitchableCustomers(opened);
  const switchCustomer = useSwitchCustomer();
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const customers = useMemo(() => customersQuery.data ?? [], [customersQuery.data]);
  const selected = customers.find((c) => String(c.customerid) === customerId);
  const listUnavailable = customersQuery.isError;
  const roles = roleChoicesFor(actor.chameleon, selected);

  // A role that does not fit the newly chosen customer is replaced by the first one that does.
  const chooseCustomer = (value: string | null) => {
    setCustomerId(value);
    const next = roleChoicesFor(
      actor.chameleon,
      customers.find((c) => String(c.customerid) === value),
    );
    setRole((previous) =>
      next.some((r) => String(r) === previous) ? previous : next[0] ? String(next[0]) : null,
    );
  };

  useEffect(() => {
    if (!opened) {
      setCustomerId(null);
      setRole(null);
      setProblem(null);
    }
  }, [opened]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected || !role) {
      setProblem(!selected ? 'Choose a customer' : 'Choose a role');
      return;
    }
    const usertype = Number(role) as UserType;
    const refusal = impersonationProblem(actor, selected, usertype);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProblem(null);
    switchCustomer.mutate({ customerid: selected.customerid, usertype });
  };

  const revert = () => switchCustomer.mutate({ customerid: actor.realCustomerId, usertype: actor.realType });

  return (
    <Modal opened={opened} onClose={onClose} title="Switch customer" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            View the portal as a customer sees it. You stay signed in as yourself, and every action is
            recorded against your own account.
          </Text>
          {actor.impersonating && (
            <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} />}>
              <Group justify="space-between" gap="xs">
                <Text fz="sm">
                  Now viewing as <strong>{current.customername}</strong> · {userTypeNames[actor.type]}
                </Text>
                <Button
                  size="xs"
                  variant="white"
                  color="orange"
                  leftSection={<IconArrowBackUp size={14} />}
                  onClick={revert}
                  loading={switchCustomer.isPending}
                >
                  Revert
                </Button>
              </Group>
            </Alert>
          )}
          {listUnavailable ? (
            <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} role="status">
              The customer list could not be loaded. Try again in a moment.
            </Alert>
          ) : (
            <>
              <Select
                label="Customer"
                placeholder={customersQuery.isPending ? 'Loading customers…' : 'Choose a customer'}
                searchable
                nothingFoundMessage="No matching customer"
                data={customers.map((c) => ({
                  value: String(c.customerid),
                  label: `${c.customername} (${c.customercode})`,
                }))}
                value={customerId}
                onChange={chooseCustomer}
                disabled={customersQuery.isPending}
                leftSection={
                  selected ? (
                    <CustomerAvatar customer={{ ...selected, logo64: null }} size={20} radius="xs" />
                  ) : undefined
                }
                data-autofocus
                required
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Role"
                placeholder={selected ? 'Choose a role' : 'Choose a customer first'}
                data={roles.map((r) => ({ value: String(r), label: userTypeNames[r] }))}
                value={role}
                onChange={setRole}
                disabled={!selected}
                allowDeselect={false}
                required
              />
            </>
          )}
          {problem && (
            <Text c="red" fz="sm" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {!listUnavailable && (
              <Button type="submit" loading={switchCustomer.isPending} disabled={!selected}>
                Switch
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
