import type { AwxResult } from '@lightpath/domain/awx';
import { Box, Code, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { resultCellText, resultColumnLabel } from '../job-format';

const captions: Record<AwxResult['kind'], string> = {
  mactable: 'MAC table',
  interfaces: 'Interfaces',
  optics: 'Optics',
  table: 'Result',
  text: 'Result',
};

// A column of MAC addresses, interface names or readings reads better in a fixed-width face.
const monospaced = /mac|interface|port|address|vlan|serial|version|dbm|power/i;

type TableResult = Pick<AwxResult, 'kind' | 'columns' | 'rows'>;

const caption = (result: TableResult) =>
  `${captions[result.kind]}: ${result.rows.length} ${result.rows.length === 1 ? 'row' : 'rows'}`;

// On a phone a row is a card: the device as its title, then each column's label beside its value, so
// nothing scrolls sideways (as the other lists do on phones).
function ResultCards({ result }: { result: TableResult }) {
  const [first = 'device', ...rest] = result.columns;
  return (
    <Stack gap="xs" data-testid="job-result-table">
      <Text fz="xs" c="dimmed">
        {caption(result)}
      </Text>
      {/* A region that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1). */}
      <ScrollArea.Autosize
        mah={560}
        type="auto"
        offsetScrollbars="y"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': caption(result) }}
      >
        <Stack gap="xs">
          {result.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the result's rows never reorder
            <Paper key={index} withBorder radius="md" p="xs">
              <Text fz="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {resultCellText(row[first])}
              </Text>
              <Box
                component="dl"
                m={0}
                mt={4}
                style={{
                  display: 'grid',
                  gridTemplateColumns: 'auto minmax(0, 1fr)',
                  columnGap: 12,
                  rowGap: 2,
                }}
              >
                {rest.map((column) => (
                  <Box key={column} display="contents">
                    <Text component="dt" fz="xs" c="dimmed">
                      {resultColumnLabel(column)}
                    </Text>
                    <Text
                      component="dd"
                      m={0}
                      fz="sm"
                      ff={monospaced.test(column) ? 'monospace' : undefined}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {resultCellText(row[column])}
                    </Text>
                  </Box>
                ))}
              </Box>
            </Paper>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

// A finished show or get job's result: tables for MAC tables, interfaces and optics (and other
// tabular reads), cards on a phone, the text itself for configs and logs. Times are shown in the
// reader's zone.
export function JobResult({ result }: { result: AwxResult }) {
  const narrow = useMediaQuery('(max-width: 48em)');
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
  if (narrow) return <ResultCards result={result} />;
  return (
    <Table.ScrollContainer
      minWidth={result.columns.length * 90}
      maxHeight={560}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption(result) } }}
    >
      <Table verticalSpacing={6} fz="sm" striped stickyHeader data-testid="job-result-table">
        <Table.Caption>{caption(result)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {result.columns.map((column) => (
              <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                {resultColumnLabel(column)}
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
                  {resultCellText(row[column])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
