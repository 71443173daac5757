import { type ChangeReportRow, changeDurationLabel, slaClassLabel } from '@lightpath/domain/change-reports';
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { EventPriorityBadge, EventTypeBadge } from '../../../components/event-badges';
import { SortableTh } from '../../../components/sortable-th';
import { formatDateTime } from '../../../lib/format';

type Props = {
  rows: readonly ChangeReportRow[];
  sort: string;
  onSort: (sort: string) => void;
};

const eventLink = (row: ChangeReportRow) => `/event/${row.eventid}`;
const nowrap = { whiteSpace: 'nowrap' } as const;

// On a phone each event is a card: its title (the link), when, how long and who approved it.
function ChangeReportCards({ rows }: Pick<Props, 'rows'>) {
  return (
    <Stack gap="xs">
      {rows.map((row) => (
        <Paper key={row.eventid} withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Anchor component={Link} to={eventLink(row)} fw={600} fz="sm">
              {row.title}
            </Anchor>
            <Group gap={6}>
              <EventTypeBadge type={row.type} size="xs" />
              <EventPriorityBadge priority={row.priority} size="xs" />
              <Text fz="xs" c="dimmed">
                #{row.number}
              </Text>
            </Group>
            <Text fz="xs">
              {formatDateTime(row.starttime)} · {changeDurationLabel(row.duration)} ·{' '}
              {slaClassLabel(row.slatype)}
            </Text>
            <Text fz="xs" c="dimmed">
              Approved by {row.approver} · {row.customers.join(', ')} · {row.servicecount} services
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

// The report's events: each links to its page; times in the reader's zone, as on every page.
export function ChangeReportTable({ rows, sort, onSort }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <ChangeReportCards rows={rows} />;
  return (
    <Table.ScrollContainer minWidth={1200}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="number" sort={sort} onSort={onSort}>
              Number
            </SortableTh>
            <SortableTh field="title" sort={sort} onSort={onSort}>
              Title
            </SortableTh>
            <SortableTh field="type" sort={sort} onSort={onSort}>
              Type
            </SortableTh>
            <SortableTh field="starttime" sort={sort} onSort={onSort}>
              Start
            </SortableTh>
            <Table.Th>End</Table.Th>
            <SortableTh field="duration" sort={sort} onSort={onSort}>
              Duration
            </SortableTh>
            <SortableTh field="priority" sort={sort} onSort={onSort}>
              Priority
            </SortableTh>
            <Table.Th>SLA class</Table.Th>
            <Table.Th>Initiator</Table.Th>
            <SortableTh field="approver" sort={sort} onSort={onSort}>
              Approver
            </SortableTh>
            <Table.Th>Customers</Table.Th>
            <Table.Th ta="right">Services</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.eventid}>
              <Table.Td fz="sm" ff="monospace">
                {row.number}
              </Table.Td>
              <Table.Td fz="sm">
                <Anchor component={Link} to={eventLink(row)} fz="sm">
                  {row.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <EventTypeBadge type={row.type} />
              </Table.Td>
              <Table.Td fz="sm" style={nowrap}>
                {formatDateTime(row.starttime)}
              </Table.Td>
              <Table.Td fz="sm" style={nowrap}>
                {row.endtime === null ? '—' : formatDateTime(row.endtime)}
              </Table.Td>
              <Table.Td fz="sm" style={nowrap}>
                {changeDurationLabel(row.duration)}
              </Table.Td>
              <Table.Td>
                <EventPriorityBadge priority={row.priority} />
              </Table.Td>
              <Table.Td fz="sm">{slaClassLabel(row.slatype)}</Table.Td>
              <Table.Td fz="sm">{row.initiator}</Table.Td>
              <Table.Td fz="sm">{row.approver}</Table.Td>
              <Table.Td fz="sm">{row.customers.join(', ')}</Table.Td>
              <Table.Td fz="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {row.servicecount}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
