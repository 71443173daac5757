import type { AwxHostSummary } from '@lightpath/domain/awx';
import { Badge, Group, Table, Text } from '@mantine/core';

const counts = ['failures', 'unreachable', 'changed', 'ok', 'skipped'] as const;
const labels: Record<(typeof counts)[number], string> = {
  ok: 'ok',
  changed: 'changed',
  failures: 'failed',
  unreachable: 'unreachable',
  skipped: 'skipped',
};
// AWX's own colours for a host's tally: failures and unreachable hosts in red, changes in amber.
const colours: Record<(typeof counts)[number], string> = {
  ok: 'teal',
  changed: 'yellow',
  failures: 'red',
  unreachable: 'red',
  skipped: 'gray',
};

// AWX's per-host tally of tasks; a host with failures or unreachable tasks is the one to look at. Two
// columns, the counts that are not zero as labelled badges (the worst first), so the table fits the
// page's side column and a phone without scrolling sideways; a column per count did not.
export function HostSummariesTable({ summaries }: { summaries: AwxHostSummary[] }) {
  if (summaries.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        AWX reports each host's tasks once the job has run on it.
      </Text>
    );
  }
  return (
    <Table verticalSpacing={6} fz="sm" layout="fixed" data-testid="host-summaries">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="40%">Host</Table.Th>
          <Table.Th>Tasks</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {summaries.map((row) => {
          const shown = counts.filter((key) => row[key] > 0);
          return (
            <Table.Tr key={row.host}>
              <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {row.host}
              </Table.Td>
              <Table.Td>
                {shown.length === 0 ? (
                  <Text span fz="sm" c="dimmed">
                    none
                  </Text>
                ) : (
                  <Group gap={4}>
                    {shown.map((key) => (
                      <Badge
                        key={key}
                        color={colours[key]}
                        variant={key === 'failures' || key === 'unreachable' ? 'filled' : 'light'}
                        size="sm"
                        tt="none"
                      >
                        {row[key]} {labels[key]}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
