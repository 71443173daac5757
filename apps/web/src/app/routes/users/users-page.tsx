import { can } from '@lightpath/domain/permissions';
import { type UserType, userTypeNames, userTypes } from '@lightpath/domain/user-types';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { CustomerFilter } from '../../../components/customer-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { CreateUserModal } from '../../../features/users/components/create-user-modal';
import { UsersTable } from '../../../features/users/components/users-table';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useUsers } from '../../../lib/queries/list-users';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;

export function UsersPage() {
  usePageTitle('Users');
  const { actor } = useSession();
  const allowed = can(actor, 'users.view');
  const noc = actor.type === 1;
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const type = list.get('type');
  const customerid = list.get('customerid');
  const sort = list.get('sort');
  const [creating, createModal] = useDisclosure(false);

  const filters = {
    q: q || undefined,
    type: type ? (Number(type) as UserType) : undefined,
    customerid: noc && customerid ? Number(customerid) : undefined,
    sort: sort || undefined,
  };
  const users = useUsers({ ...filters, limit: pageSize, offset: (list.page - 1) * pageSize }, allowed);
  const customers = useAllCustomers(allowed && noc);

  if (!allowed) {
    return (
      <>
        <PageHeader title="Users" crumbs={[{ label: 'Administration' }, { label: 'Users' }]} />
        <NoAccess what="the user list" />
      </>
    );
  }

  const typeChoices: readonly UserType[] = noc ? userTypes : [4, 5];
  const filtered = Boolean(list.get('q') || type || customerid);

  return (
    <>
      <PageHeader
        title="Users"
        description={
          noc
            ? 'Everyone with access to the portal, across all customers.'
            : 'People in your organisation with portal access.'
        }
        crumbs={[{ label: 'Administration' }, { label: 'Users' }]}
        actions={
          <Group gap="xs">
            <ExportCsvButton
              path="export/users"
              query={filters}
              filename="users.csv"
              disabled={!users.data || users.data.count === 0}
            />
            {can(actor, 'users.manage') && (
              <Button leftSection={<IconUserPlus size={16} />} onClick={createModal.open}>
                New user
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-end">
          <TextInput
            aria-label="Search users"
            placeholder="Search by name or email"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          <Select
            aria-label="Filter by user type"
            placeholder="All types"
            clearable
            data={typeChoices.map((t) => ({ value: String(t), label: userTypeNames[t] }))}
            value={type || null}
            onChange={(value) => list.set({ type: value })}
            w={{ base: '100%', xs: 200 }}
          />
          {noc && (
            <CustomerFilter
              customers={customers.data ?? []}
              value={customerid}
              onChange={(value) => list.set({ customerid: value })}
            />
          )}
        </Group>
        <ListPanel
          list={users}
          params={list}
          pageSize={pageSize}
          noun="users"
          empty={{
            icon: <IconUsers size={28} />,
            description: 'Add the first user with the New user button.',
          }}
          noMatch={
            filtered && {
              onClear: () => list.set({ q: null, type: null, customerid: null }),
            }
          }
        >
          {(page) => (
            <UsersTable
              users={page.results}
              showCustomer={noc}
              sort={sort}
              onSort={(next) => list.set({ sort: next })}
            />
          )}
        </ListPanel>
      </Paper>
      {can(actor, 'users.manage') && <CreateUserModal opened={creating} onClose={createModal.close} />}
    </>
  );
}
