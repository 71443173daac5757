import { can } from '@lightpath/domain/permissions';
import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconBuildingCommunity, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CustomerAvatar } from '../../../components/customer-avatar';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { SortableTh } from '../../../components/sortable-th';
import { CreateCustomerModal } from '../../../features/customers/components/create-customer-modal';
import { useCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;

export function CustomersPage() {
  usePageTitle('Customers');
  const { actor } = useSession();
  const allowed = can(actor, 'customers.pages');
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const status = list.get('status') || 'all';
  const sort = list.get('sort');
  const onSort = (next: string) => list.set({ sort: next });
  const [creating, createModal] = useDisclosure(false);

  const filters = {
    q: q || undefined,
    enabled: status === 'all' ? undefined : status === 'enabled',
    sort: sort || undefined,
  };
  const customers = useCustomers(
    { ...filters, limit: pageSize, offset: (list.page - 1) * pageSize },
    allowed,
  );

  if (!allowed) {
    return (
      <>
        <PageHeader title="Customers" crumbs={[{ label: 'Customers' }]} />
        <NoAccess what="the customer list" />
      </>
    );
  }

  const filtered = Boolean(list.get('q')) || status !== 'all';

  return (
    <>
      <PageHeader
        title="Customers"
        description="Organisations connected to the network, and the provider itself."
        crumbs={[{ label: 'Customers' }]}
        actions={
          <Group gap="xs">
            <ExportCsvButton
              path="export/customers"
              query={filters}
              filename="customers.csv"
              disabled={!customers.data || customers.data.count === 0}
            />
            {can(actor, 'customers.manage') && (
              <Button leftSection={<IconPlus size={16} />} onClick={createModal.open}>
                New customer
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md">
          <TextInput
            aria-label="Search customers"
            placeholder="Search by name or code"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          <SegmentedControl
            aria-label="Filter by status"
            value={status}
            onChange={(value) => list.set({ status: value === 'all' ? null : value })}
            data={[
              { value: 'all', label: 'All' },
              { value: 'enabled', label: 'Enabled' },
              { value: 'disabled', label: 'Disabled' },
            ]}
          />
        </Group>
        <ListPanel
          list={customers}
          params={list}
          pageSize={pageSize}
          noun="customers"
          what="all customer profiles"
          empty={{
            icon: <IconBuildingCommunity size={28} />,
            description: 'Add the first customer with the New customer button.',
          }}
          noMatch={
            filtered && {
              description: 'Try a different search or show all customers.',
              onClear: () => list.set({ q: null, status: null }),
            }
          }
        >
          {(page) => (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <SortableTh field="customername" sort={sort} onSort={onSort}>
                      Customer
                    </SortableTh>
                    <SortableTh field="customercode" sort={sort} onSort={onSort}>
                      Code
                    </SortableTh>
                    <Table.Th>Status</Table.Th>
                    <SortableTh field="usercount" sort={sort} onSort={onSort} ta="right">
                      Users
                    </SortableTh>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.results.map((customer) => (
                    <Table.Tr key={customer.customerid}>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <CustomerAvatar customer={customer} size={32} />
                          <Anchor component={Link} to={`/customers/${customer.customerid}`} fw={500} fz="sm">
                            {customer.customername}
                          </Anchor>
                          {customer.isprovider && (
                            <Badge size="xs" variant="light" color="indigo">
                              Provider
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="outline" color="gray" radius="sm" ff="monospace">
                          {customer.code || customer.customercode}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="dot" color={customer.enabled ? 'teal' : 'gray'}>
                          {customer.enabled ? 'Enabled' : 'Disabled'}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text fz="sm">{customer.usercount ?? '—'}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ListPanel>
      </Paper>
      {can(actor, 'customers.manage') && (
        <CreateCustomerModal opened={creating} onClose={createModal.close} />
      )}
    </>
  );
}
