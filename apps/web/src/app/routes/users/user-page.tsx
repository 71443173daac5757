import { can } from '@lightpath/domain/permissions';
import { fullName, userMessages } from '@lightpath/domain/users';
import { Alert, Button, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { DetailPageGate, TwoColumnSkeleton } from '../../../components/detail-page-gate';
import { PageHeader } from '../../../components/page-header';
import { useCustomer } from '../../../features/customers/api/get-customer';
import { useDeleteUser } from '../../../features/users/api/delete-user';
import { useUser } from '../../../features/users/api/get-user';
import { SignInLockPanel } from '../../../features/users/components/sign-in-lock-panel';
import { UserEditForm } from '../../../features/users/components/user-edit-form';
import { UserSummary } from '../../../features/users/components/user-summary';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

const crumbs = [{ label: 'Administration' }, { label: 'Users', to: '/users' }];

export function UserPage() {
  const { userid: raw } = useParams();
  const userid = Number(raw);
  const { actor, customer: ownCustomer } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useUser(userid);
  const deleteUser = useDeleteUser();
  const user = query.data;
  const self = user?.userid === actor.userId;
  const customerQuery = useCustomer(user?.customerid ?? 0, Boolean(user) && can(actor, 'customers.view'));
  usePageTitle(user ? fullName(user) : 'User');

  // Everyone may open their own account here; other users need the user list.
  const allowed = can(actor, 'users.view') || (Number.isFinite(userid) && userid === actor.userId);
  const valid = Number.isInteger(userid) && userid > 0;
  if (!allowed || !valid || !query.isSuccess) {
    return (
      <DetailPageGate
        allowed={allowed}
        valid={valid}
        query={query}
        title="User"
        crumbs={crumbs}
        noAccessWhat="the user list"
        recordWhat="user"
        loadingHeader={{ title: <Skeleton h={28} w={220} />, crumbs: [...crumbs, { label: '…' }] }}
        skeleton={<TwoColumnSkeleton spans={[4, 8]} heights={[260, 360]} />}
      />
    );
  }

  const loaded = query.data;
  const name = fullName(loaded);
  // GET /api/user/{id} carries no customer name (userReplySchema), so it comes from the customer.
  const customerName =
    customerQuery.data?.customername ??
    (loaded.customerid === ownCustomer.customerid ? ownCustomer.customername : undefined);
  // Customer admins manage their own company only; the NOC manages everyone (decisions.md).
  const canManage =
    can(actor, 'users.manage') && (actor.type === 1 || loaded.customerid === actor.customerId);
  const scope = canManage ? 'full' : self ? 'own' : null;

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete user',
      children: (
        <Text fz="sm">
          Delete <strong>{name}</strong> ({loaded.email})? They lose access to the portal immediately. This
          cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete user', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deleteUser.mutate(loaded.userid, {
          onSuccess: () => {
            notify.success(`${userMessages.deleted}: ${name}`);
            navigate('/users', { replace: true });
            // Dropped after leaving, so the page does not refetch a record that no longer exists.
            queryClient.removeQueries({ queryKey: ['users', 'detail', loaded.userid] });
          },
          onError: (error) => {
            if (needsToast(error))
              notify.warning(errorMessage(error, 'An error occurred while deleting this user'));
          },
        }),
    });

  return (
    <>
      <PageHeader
        title={name}
        description={loaded.title ?? undefined}
        crumbs={[...crumbs, { label: name }]}
        actions={
          canManage &&
          !self && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={confirmDelete}
              loading={deleteUser.isPending}
            >
              Delete
            </Button>
          )
        }
      />
      {scope ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <Stack gap="lg">
              <UserSummary user={loaded} customerName={customerName} />
              <SignInLockPanel userid={loaded.userid} firstname={loaded.firstname} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Paper withBorder radius="lg" p="lg" shadow="xs">
              <Stack gap="md">
                <Title order={3} fz="md">
                  Edit details
                </Title>
                <UserEditForm
                  user={loaded}
                  scope={scope}
                  customerIsProvider={customerQuery.data?.isprovider}
                />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      ) : (
        <Stack gap="md" maw={520}>
          <UserSummary user={loaded} customerName={customerName} />
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
            Only a company admin or the NOC can change these details.
          </Alert>
        </Stack>
      )}
    </>
  );
}
