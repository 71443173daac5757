import { eventTypeLabel } from '@lightpath/domain/events';
import {
  eventDowntimeLabels,
  type ServiceReportEvent,
  slaClassName,
} from '@lightpath/domain/service-reports';
import { Anchor, Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { EventTypeBadge } from '../../../components/event-badges';
import { formatDateTime } from '../../../lib/format';

const downtimeColours = { counted: 'red', scheduled: 'blue', excluded: 'gray', none: 'gray' } as const;

function Downtime({ event }: { event: ServiceReportEvent }) {
  const kind = event.downtime ?? 'none';
  return (
    <Badge variant="light" color={downtimeColours[kind]} style={{ whiteSpace: 'nowrap' }}>
      {eventDowntimeLabels[kind]}
    </Badge>
  );
}

function EventLink({ event }: { event: ServiceReportEvent }) {
  return (
    <Anchor component={Link} to={`/event/${event.eventid}`} fz="sm">
      #{event.number} {event.title}
    </Anchor>
  );
}

const end = (event: ServiceReportEvent) => (event.end === null ? 'Still open' : formatDateTime(event.end));

// The outages, works and hazard windows on the service in the period, oldest first.
export function ServiceReportEvents({ events }: { events: readonly ServiceReportEvent[] }) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (events.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No events on this service in the period.
      </Text>
    );
  if (phone)
    return (
      <Stack gap="xs">
        {events.map((event) => (
          <Paper key={event.eventid} withBorder radius="md" p="sm">
            <EventLink event={event} />
            <Text fz="xs" c="dimmed">
              {eventTypeLabel(event.type)} · {slaClassName(event.slatype)}
            </Text>
            <Text fz="xs">
              {formatDateTime(event.start)} to {end(event)}
            </Text>
            <Downtime event={event} />
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table striped highlightOnHover fz="sm" verticalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Event</Table.Th>
          <Table.Th scope="col">Type</Table.Th>
          <Table.Th scope="col">SLA class</Table.Th>
          <Table.Th scope="col">Start</Table.Th>
          <Table.Th scope="col">End</Table.Th>
          <Table.Th scope="col">Availability</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((event) => (
          <Table.Tr key={event.eventid}>
            <Table.Td>
              <EventLink event={event} />
            </Table.Td>
            <Table.Td>
              <EventTypeBadge type={event.type} />
            </Table.Td>
            <Table.Td>{slaClassName(event.slatype)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.start)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{end(event)}</Table.Td>
            <Table.Td>
              <Downtime event={event} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
