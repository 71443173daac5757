import type { EventView } from '@lightpath/domain/events';
import { can } from '@lightpath/domain/permissions';
import { Anchor, EmptyState, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EventTimingBadge, EventTypeBadge } from '../../../components/event-badges';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { TableSkeleton } from '../../../components/table-skeleton';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useEvents } from '../api/list-events';
import { EventEnd, eventRoute } from './events-table';

const shown = 5;

// What is happening now and what starts within a week (the 'open' view), soonest first: the events
// that change the dashboard's conditions above. Ended events belong to the bell and Past Outages.
const dashboardEventsView = 'open' satisfies EventView;

export function DashboardEventsPanel() {
  const { actor } = useSession();
  const allowed = can(actor, 'events.view');
  const events = useEvents({ view: dashboardEventsView, limit: shown, offset: 0 }, allowed);
  if (!allowed) return null;

  return (
    <Panel
      title="Current and upcoming events"
      count={events.data?.count}
      actions={
        <Anchor component={Link} to="/events" fz="sm" style={{ whiteSpace: 'nowrap' }}>
          All events
        </Anchor>
      }
    >
      {events.isPending ? (
        <TableSkeleton rows={3} />
      ) : events.isError ? (
        <LoadError error={events.error} what="events" onRetry={() => events.refetch()} />
      ) : events.data.results.length === 0 ? (
        <EmptyState
          py="lg"
          size="sm"
          icon={<IconCircleCheck size={22} />}
          variant="light"
          color="teal"
          title="No current or upcoming events"
          description="Outages, scheduled works and hazard windows that affect you will appear here."
        />
      ) : (
        <Stack gap={0}>
          {events.data.results.map((event, index) => (
            <UnstyledButton
              key={event.eventid}
              component={Link}
              to={eventRoute(event.eventid)}
              py="xs"
              px={4}
              style={{
                borderTop: index > 0 ? '1px solid var(--mantine-color-default-border)' : undefined,
                borderRadius: 0,
              }}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Text fz="sm" fw={600} c="indigo" lineClamp={1}>
                    {event.title}
                  </Text>
                  <Group gap={6}>
                    <EventTypeBadge type={event.type} size="xs" />
                    <Text fz="xs" c="dimmed">
                      {formatDateTime(event.starttime)} → <EventEnd event={event} />
                    </Text>
                  </Group>
                </Stack>
                <EventTimingBadge timing={event.timing} />
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
