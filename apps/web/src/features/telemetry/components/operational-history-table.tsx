import { Badge, ScrollArea, Skeleton, Table, Text } from '@mantine/core';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { operationalHistoryHours, useOperationalHistory } from '../api/get-operational-history';

// Link state changes over the last week, newest first: the first place to look for a flapping link.
export function OperationalHistoryTable({ serviceid }: { serviceid: string }) {
  const query = useOperationalHistory(serviceid);
  if (query.isPending) return <Skeleton h={120} />;
  if (query.isError) {
    return (
      <Text fz="sm" c="dimmed">
        The operational history is not available right now.
      </Text>
    );
  }
  const changes = [...query.data].sort((a, b) => b.datetime - a.datetime);
  if (changes.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No link changes in the last {operationalHistoryHours / 24} days.
      </Text>
    );
  }
  return (
    // A region that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1).
    <ScrollArea.Autosize
      mah={280}
      type="auto"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Operational history' }}
    >
      <Table verticalSpacing={6} fz="sm" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>End</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={`${change.datetime}-${change.end}-${change.status}`}>
              <Table.Td>
                <Text fz="sm">{formatDateTime(change.datetime)}</Text>
                <Text fz="xs" c="dimmed">
                  {formatRelative(change.datetime)}
                </Text>
              </Table.Td>
              <Table.Td>{change.end} end</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={change.status === 'UP' ? 'teal' : 'red'}>
                  {change.status}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
