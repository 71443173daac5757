import { fullName } from '@lightpath/domain/users';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CustomerAvatar } from '../../../components/customer-avatar';
import { UserTypeBadge } from '../../../components/user-type-badge';
import { DashboardCards } from '../../../features/dashboard/components/dashboard-cards';
import { DashboardEventsPanel } from '../../../features/events/components/dashboard-events-panel';
import { JobTicketsView } from '../../../features/tickets/components/job-tickets-view';
import { useSession } from '../../../lib/session';
import { displayHour } from '../../../lib/time-zone';
import { usePageTitle } from '../../../lib/use-page-title';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export function DashboardPage() {
  const { user, customer, actor } = useSession();
  // Spec 2.2: technicians land on their job tickets instead of the dashboard.
  const technician = actor.type === 2;
  usePageTitle(technician ? 'Job Tickets' : 'Dashboard');

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
        <Group justify="space-between" gap="md" wrap="wrap">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <CustomerAvatar customer={customer} size={56} radius="md" />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text c="dimmed" fz="sm">
                {greeting(displayHour())}, {user.firstname}
              </Text>
              <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.15}>
                {customer.customername}
              </Title>
              <Group gap={6}>
                <UserTypeBadge type={actor.type} />
                <Badge variant="outline" color="gray" size="sm">
                  {customer.code || customer.customercode}
                </Badge>
                {actor.companyAdmin && (
                  <Badge variant="light" color="grape" size="sm">
                    Company admin
                  </Badge>
                )}
              </Group>
            </Stack>
          </Group>
          <Text c="dimmed" fz="sm" visibleFrom="sm">
            Signed in as {fullName(user)}
          </Text>
        </Group>
      </Paper>
      {technician ? <JobTicketsView /> : <DashboardCards />}
      {!technician && <DashboardEventsPanel />}
    </Stack>
  );
}
