import type { AwxResult } from '@lightpath/domain/awx';
import { Code, ScrollArea, Table, Text } from '@mantine/core';

const captions: Record<AwxResult['kind'], string> = {
  mactable: 'MAC table',
  interfaces: 'Interfaces',
  optics: 'Optics',
  table: 'Result',
  text: 'Result',
};

// A column of MAC addresses, interface names or readings reads better in a fixed-width face.
const monospaced = /mac|interface|port|address|vlan|serial|version|dbm|power/i;

// A finished show or get job's result: tables for MAC tables, interfaces and optics (and other
// tabular reads), the text itself for configs and logs.
export function JobResult({ result }: { result: AwxResult }) {
  if (result.kind === 'text' || result.columns.length === 0) {
    return (
      <ScrollArea.Autosize mah={520} type="auto">
        <Code block fz="xs" style={{ whiteSpace: 'pre' }}>
          {result.text ?? ''}
        </Code>
      </ScrollArea.Autosize>
    );
  }
  if (result.rows.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        The job returned no rows.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={Math.min(1200, result.columns.length * 130)} maxHeight={560}>
      <Table verticalSpacing={6} fz="sm" striped stickyHeader data-testid="job-result-table">
        <Table.Caption>
          {captions[result.kind]}: {result.rows.length} {result.rows.length === 1 ? 'row' : 'rows'}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {result.columns.map((column) => (
              <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((row, index) => (
            // Rows have no identity of their own; their order is the device's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the result's rows never reorder
            <Table.Tr key={index}>
              {result.columns.map((column) => (
                <Table.Td key={column} ff={monospaced.test(column) ? 'monospace' : undefined}>
                  {row[column] ?? '—'}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
