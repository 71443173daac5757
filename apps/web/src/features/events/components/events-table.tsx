import type { EventSummary } from '@lightpath/domain/events';
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { EventPriorityBadge, EventTimingBadge, EventTypeBadge } from '../../../components/event-badges';
import { SortableTh } from '../../../components/sortable-th';
import { formatDateTime } from '../../../lib/format';

type Props = {
  events: EventSummary[];
  // Provider staff see how many customers an event touches; a customer only ever sees itself.
  showCustomers: boolean;
  // Without these the headers are plain (e.g. a service's own events, which are not sorted).
  sort?: string;
  onSort?: (sort: string) => void;
};

export function eventRoute(eventid: number): string {
  return `/event/${eventid}`;
}

// The title is a real link, so keyboard users reach each event with Tab; the rest of the row is a
// larger target for the mouse.
function EventLink({ event }: { event: EventSummary }) {
  return (
    <Anchor component={Link} to={eventRoute(event.eventid)} fw={600} fz="sm" lineClamp={2}>
      {event.title}
    </Anchor>
  );
}

export function EventEnd({ event }: { event: Pick<EventSummary, 'endtime' | 'type'> }) {
  if (event.endtime) return <>{formatDateTime(event.endtime)}</>;
  return (
    <Text span fz="inherit" c="dimmed">
      {event.type === 3 ? 'Not yet restored' : '—'}
    </Text>
  );
}

function counted(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}

// On a phone a wide table only scrolls sideways; a stacked list reads better there.
function EventCards({ events, showCustomers }: Pick<Props, 'events' | 'showCustomers'>) {
  return (
    <Stack gap="xs">
      {events.map((event) => (
        <Paper key={event.eventid} withBorder radius="md" p="sm">
          <Stack gap={6}>
            <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
              <EventLink event={event} />
              <EventTimingBadge timing={event.timing} />
            </Group>
            <Group gap={6}>
              <EventTypeBadge type={event.type} />
              <Text fz="xs" c="dimmed" ff="monospace">
                #{event.number}
              </Text>
            </Group>
            <Text fz="xs" c="dimmed">
              {formatDateTime(event.starttime)} → <EventEnd event={event} />
            </Text>
            <Text fz="xs" c="dimmed">
              {counted(event.servicecount, 'service')}
              {showCustomers ? ` · ${counted(event.customercount, 'customer')}` : ''}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function EventsTable({ events, showCustomers, sort = '', onSort }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  if (narrow) return <EventCards events={events} showCustomers={showCustomers} />;

  const header = (field: string | null, label: ReactNode, options: { miw?: number; ta?: 'right' } = {}) =>
    onSort && field ? (
      <SortableTh field={field} sort={sort} onSort={onSort} miw={options.miw} ta={options.ta}>
        {label}
      </SortableTh>
    ) : (
      <Table.Th miw={options.miw} ta={options.ta}>
        {label}
      </Table.Th>
    );

  const openRow = (eventid: number) => (click: MouseEvent) => {
    // A click on a link inside the row is that link's business.
    if ((click.target as HTMLElement).closest('a')) return;
    navigate(eventRoute(eventid));
  };

  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {header('number', 'Ticket', { miw: 80 })}
            {header('title', 'Title', { miw: 240 })}
            {header('type', 'Type and status', { miw: 150 })}
            {header('starttime', 'Start', { miw: 150 })}
            {header('endtime', 'End', { miw: 150 })}
            {header('priority', 'Priority', { miw: 90 })}
            {header(null, 'Affected', { ta: 'right' })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.eventid} onClick={openRow(event.eventid)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Text ff="monospace" fz="sm">
                  #{event.number}
                </Text>
              </Table.Td>
              <Table.Td>
                <EventLink event={event} />
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <EventTypeBadge type={event.type} />
                  <EventTimingBadge timing={event.timing} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(event.starttime)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  <EventEnd event={event} />
                </Text>
              </Table.Td>
              <Table.Td>
                <EventPriorityBadge priority={event.priority} />
              </Table.Td>
              <Table.Td ta="right">
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {plural(event.servicecount, 'service')}
                </Text>
                {showCustomers && (
                  <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {plural(event.customercount, 'customer')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
