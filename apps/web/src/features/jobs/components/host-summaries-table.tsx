import type { AwxHostSummary } from '@lightpath/domain/awx';
import { Table, Text } from '@mantine/core';

const counts = ['ok', 'changed', 'failures', 'unreachable', 'skipped'] as const;
const headers: Record<(typeof counts)[number], string> = {
  ok: 'OK',
  changed: 'Changed',
  failures: 'Failed',
  unreachable: 'Unreachable',
  skipped: 'Skipped',
};

// AWX's per-host tally of tasks; a host with failures or unreachable tasks is the one to look at.
export function HostSummariesTable({ summaries }: { summaries: AwxHostSummary[] }) {
  if (summaries.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        AWX reports each host's tasks once the job has run on it.
      </Text>
    );
  }
  // In a narrow column the table scrolls sideways: its viewport takes the focus, so a keyboard can too.
  return (
    <Table.ScrollContainer
      minWidth={520}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Host summaries' },
      }}
    >
      <Table verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Host</Table.Th>
            {counts.map((key) => (
              <Table.Th key={key} ta="right">
                {headers[key]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summaries.map((row) => (
            <Table.Tr key={row.host}>
              <Table.Td ff="monospace">{row.host}</Table.Td>
              {counts.map((key) => (
                <Table.Td
                  key={key}
                  ta="right"
                  c={(key === 'failures' || key === 'unreachable') && row[key] > 0 ? 'red' : undefined}
                  fw={(key === 'failures' || key === 'unreachable') && row[key] > 0 ? 700 : undefined}
                >
                  {row[key]}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
