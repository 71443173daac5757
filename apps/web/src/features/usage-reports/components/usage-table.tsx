import { formatReportMonth } from '@lightpath/domain/report-period';
import { formatUsagePercent, type UsageReportRow } from '@lightpath/domain/usage-reports';
import { Anchor, Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { SortableTh } from '../../../components/sortable-th';
import { UsageLabelBadge } from './usage-label-badge';

type Props = {
  rows: UsageReportRow[];
  sort: string;
  onSort: (sort: string) => void;
  showCustomer: boolean;
};

// The hottest month of the row, to say when the highest figure was.
function hottestMonth(row: UsageReportRow) {
  const worst = (m: UsageReportRow['months'][number]) => Math.max(m.atob ?? 0, m.btoa ?? 0);
  const month = [...row.months].sort((a, b) => worst(b) - worst(a))[0];
  return month ? formatReportMonth(month.month) : '—';
}

function ServiceLink({ row }: { row: UsageReportRow }) {
  return (
    <Anchor component={Link} to={`/service/${row.serviceid}`} ff="monospace" fz="sm">
      {row.serviceid}
    </Anchor>
  );
}

// On a phone each service is a card: its id, the highest figures each way and the label.
function UsageCards({ rows, showCustomer }: Pick<Props, 'rows' | 'showCustomer'>) {
  return (
    <Stack gap="xs">
      {rows.map((row) => (
        <Paper key={row.serviceid} withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <ServiceLink row={row} />
              <Text fz="xs">{row.description}</Text>
              {showCustomer && (
                <Text fz="xs" c="dimmed">
                  {row.customername}
                </Text>
              )}
              <Text fz="sm">
                A → B {formatUsagePercent(row.atob)} · B → A {formatUsagePercent(row.btoa)}
              </Text>
              <Text fz="xs" c="dimmed">
                {row.speed ?? 'No speed'} · highest in {hottestMonth(row)}
              </Text>
            </Stack>
            <Box style={{ flexShrink: 0 }}>
              <UsageLabelBadge atob={row.atob} btoa={row.btoa} />
            </Box>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export function UsageTable({ rows, sort, onSort, showCustomer }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <UsageCards rows={rows} showCustomer={showCustomer} />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="serviceid" sort={sort} onSort={onSort}>
              Service
            </SortableTh>
            {showCustomer && (
              <SortableTh field="customername" sort={sort} onSort={onSort}>
                Customer
              </SortableTh>
            )}
            <Table.Th>Speed</Table.Th>
            <SortableTh field="atob" sort={sort} onSort={onSort} ta="right">
              95th A → B
            </SortableTh>
            <SortableTh field="btoa" sort={sort} onSort={onSort} ta="right">
              95th B → A
            </SortableTh>
            <Table.Th>Highest in</Table.Th>
            <SortableTh field="highest" sort={sort} onSort={onSort}>
              Label
            </SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.serviceid}>
              <Table.Td>
                <ServiceLink row={row} />
                <Text fz="xs" c="dimmed">
                  {row.description}
                </Text>
              </Table.Td>
              {showCustomer && <Table.Td>{row.customername}</Table.Td>}
              <Table.Td>{row.speed ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatUsagePercent(row.atob)}</Table.Td>
              <Table.Td ta="right">{formatUsagePercent(row.btoa)}</Table.Td>
              <Table.Td>{hottestMonth(row)}</Table.Td>
              <Table.Td>
                <UsageLabelBadge atob={row.atob} btoa={row.btoa} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
