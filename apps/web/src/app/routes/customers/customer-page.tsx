import { can } from '@lightpath/domain/permissions';
import { Badge, Button, EmptyState, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { CustomerAvatar } from '../../../components/customer-avatar';
import { DetailPageGate } from '../../../components/detail-page-gate';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { TableSkeleton } from '../../../components/table-skeleton';
import { CalendarFeedPanel } from '../../../features/calendar/components/calendar-feed-panel';
import { useCustomer } from '../../../features/customers/api/get-customer';
import { CustomerEditForm } from '../../../features/customers/components/customer-edit-form';
import { UsersTable } from '../../../features/users/components/users-table';
import { useUsers } from '../../../lib/queries/list-users';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

const crumbs = [{ label: 'Customers', to: '/customers' }];
const usersShown = 100;

export function CustomerPage() {
  const { customerid: raw } = useParams();
  const customerid = Number(raw);
  const valid = Number.isInteger(customerid) && customerid > 0;
  const { actor } = useSession();
  const allowed = can(actor, 'customers.pages');
  const query = useCustomer(customerid, allowed);
  const showUsers = can(actor, 'users.view');
  const users = useUsers({ limit: usersShown, offset: 0, customerid }, allowed && valid && showUsers);
  usePageTitle(query.data?.customername ?? 'Customer');

  if (!allowed || !valid || !query.isSuccess) {
    return (
      <DetailPageGate
        allowed={allowed}
        valid={valid}
        query={query}
        title="Customer"
        crumbs={crumbs}
        noAccessWhat="the customer list"
        recordWhat="customer"
        loadingHeader={{ title: <Skeleton h={28} w={260} />, crumbs: [...crumbs, { label: '…' }] }}
        skeleton={<Skeleton h={320} radius="lg" />}
      />
    );
  }

  const customer = query.data;
  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" wrap="nowrap">
            <CustomerAvatar customer={customer} size={40} />
            <span>{customer.customername}</span>
          </Group>
        }
        crumbs={[...crumbs, { label: customer.customername }]}
        actions={
          <Group gap={6}>
            <Badge variant="outline" color="gray" ff="monospace" size="lg" radius="sm">
              {customer.code || customer.customercode}
            </Badge>
            {customer.isprovider && <Badge variant="light">Provider</Badge>}
            <Badge variant="dot" color={customer.enabled ? 'teal' : 'gray'} size="lg">
              {customer.enabled ? 'Enabled' : 'Disabled'}
            </Badge>
          </Group>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder radius="lg" p="lg" shadow="xs">
            <Title order={3} fz="md" mb="md">
              {can(actor, 'customers.manage') ? 'Edit customer' : 'Customer'}
            </Title>
            {can(actor, 'customers.manage') ? (
              <CustomerEditForm customer={customer} />
            ) : (
              <Text fz="sm" c="dimmed">
                Only the NOC can change customer details.
              </Text>
            )}
          </Paper>
        </Grid.Col>
        {showUsers && (
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Paper withBorder radius="lg" p="lg" shadow="xs">
              <Group justify="space-between" mb="md">
                <Title order={3} fz="md">
                  Users
                  {users.data && (
                    <Text span c="dimmed" fz="sm" ml={6}>
                      ({users.data.count})
                    </Text>
                  )}
                </Title>
                {users.data && users.data.count > usersShown && (
                  <Button
                    component={Link}
                    to={`/users?customerid=${customer.customerid}`}
                    variant="subtle"
                    size="xs"
                  >
                    View all
                  </Button>
                )}
              </Group>
              <Stack>
                {users.isPending ? (
                  <TableSkeleton rows={3} />
                ) : users.isError ? (
                  <LoadError error={users.error} what="users" onRetry={() => users.refetch()} />
                ) : users.data.results.length === 0 ? (
                  <EmptyState
                    py="lg"
                    size="sm"
                    icon={<IconUsers size={22} />}
                    title="No users yet"
                    description="Users you add for this customer appear here."
                  />
                ) : (
                  <UsersTable users={users.data.results} showCustomer={false} compact />
                )}
              </Stack>
            </Paper>
          </Grid.Col>
        )}
      </Grid>
      {!customer.isprovider && <CalendarFeedPanel customerid={customer.customerid} mt="lg" />}
    </>
  );
}
