import { Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { ChangePasswordModal } from '../../../features/auth/components/change-password-modal';
import { TimeZonePanel } from '../../../features/users/components/time-zone-panel';
import { UserEditForm } from '../../../features/users/components/user-edit-form';
import { UserSummary } from '../../../features/users/components/user-summary';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

export function MyProfilePage() {
  usePageTitle('My profile');
  const { user, customer, actor } = useSession();
  const [passwordOpened, password] = useDisclosure(false);
  // While switched to another customer the session's customer is that one, not the user's own.
  const customerName = actor.impersonating ? undefined : customer.customername;

  return (
    <>
      <PageHeader
        title="My profile"
        description="How colleagues and the NOC can reach you, and the time zone you work in."
        crumbs={[{ label: 'My profile' }]}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <UserSummary
            user={user}
            customerName={customerName}
            extra={
              <Button variant="light" leftSection={<IconKey size={16} />} onClick={password.open} fullWidth>
                Change password
              </Button>
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p="lg" shadow="xs">
              <Stack gap="md">
                <div>
                  <Title order={3} fz="md">
                    Contact details
                  </Title>
                  <Text fz="sm" c="dimmed">
                    Your email address and role are managed by your company admin.
                  </Text>
                </div>
                <UserEditForm user={user} scope="own" />
              </Stack>
            </Paper>
            <TimeZonePanel user={user} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ChangePasswordModal opened={passwordOpened} onClose={password.close} />
    </>
  );
}
