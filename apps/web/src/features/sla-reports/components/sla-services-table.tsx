import { formatReportMonth } from '@lightpath/domain/report-period';
import { formatAvailability, type SlaServiceRow } from '@lightpath/domain/sla-reports';
import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { SortableTh } from '../../../components/sortable-th';

type Props = {
  rows: SlaServiceRow[];
  // The period's months ('2026-07'), in the order of each row's `months`.
  months: readonly string[];
  sort: string;
  onSort: (sort: string) => void;
  // Provider staff see every customer's services: the customer column is theirs.
  showCustomer: boolean;
};

// Month columns fit beside the others for half a year; a longer period shows them in the chart and
// the CSV.
const maxMonthColumns = 6;
const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const percent = (value: number) => `${value.toFixed(3)}%`;

function MetBadge({ row }: { row: SlaServiceRow }) {
  return (
    <Badge variant="light" color={row.met ? 'teal' : 'red'} style={{ whiteSpace: 'nowrap' }}>
      {row.met ? 'Met' : 'Breached'}
    </Badge>
  );
}

function ServiceLink({ serviceid }: { serviceid: string }) {
  return (
    <Anchor component={Link} to={`/service/${encodeURIComponent(serviceid)}`} ff="monospace" fz="sm" fw={500}>
      {serviceid}
    </Anchor>
  );
}

// On a phone each service is a card: its availability against its target, and what counted.
function SlaCards({ rows, showCustomer }: Pick<Props, 'rows' | 'showCustomer'>) {
  return (
    <Stack gap="xs">
      {rows.map((row) => (
        <Paper key={row.serviceid} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <ServiceLink serviceid={row.serviceid} />
              <Text fz="xs" c="dimmed" lineClamp={2}>
                {row.description}
              </Text>
              {showCustomer && <Text fz="xs">{row.customername}</Text>}
            </Stack>
            <MetBadge row={row} />
          </Group>
          <Group gap="md" mt={6}>
            <Text fz="sm" fw={600} style={numeric}>
              {percent(row.availability)}
            </Text>
            <Text fz="xs" c="dimmed" style={numeric}>
              target {percent(row.target)}
            </Text>
            <Text fz="xs" c="dimmed" style={numeric}>
              {row.downtime.toFixed(1)} min down, {row.outages} {row.outages === 1 ? 'outage' : 'outages'}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export function SlaServicesTable({ rows, months, sort, onSort, showCustomer }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <SlaCards rows={rows} showCustomer={showCustomer} />;
  const monthColumns = months.length <= maxMonthColumns ? months : [];
  return (
    <Table.ScrollContainer minWidth={(showCustomer ? 1180 : 1000) + monthColumns.length * 90}>
      <Table verticalSpacing="sm" highlightOnHover>
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
            <SortableTh field="type" sort={sort} onSort={onSort}>
              Type
            </SortableTh>
            <SortableTh field="target" sort={sort} onSort={onSort} ta="right">
              Target
            </SortableTh>
            {monthColumns.map((month) => (
              <Table.Th key={month} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatReportMonth(month)}
              </Table.Th>
            ))}
            <SortableTh field="availability" sort={sort} onSort={onSort} ta="right">
              Availability
            </SortableTh>
            <SortableTh field="downtime" sort={sort} onSort={onSort} ta="right">
              Downtime (min)
            </SortableTh>
            <SortableTh field="outages" sort={sort} onSort={onSort} ta="right">
              Outages
            </SortableTh>
            <Table.Th ta="right">Scheduled (min)</Table.Th>
            <Table.Th ta="right">Excluded (min)</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.serviceid}>
              <Table.Td>
                <ServiceLink serviceid={row.serviceid} />
              </Table.Td>
              {showCustomer && <Table.Td fz="sm">{row.customername}</Table.Td>}
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {row.typename}
              </Table.Td>
              <Table.Td fz="sm" ta="right" style={numeric}>
                {percent(row.target)}
              </Table.Td>
              {monthColumns.map((month, i) => {
                const figure = row.months[i] ?? null;
                return (
                  <Table.Td
                    key={month}
                    fz="sm"
                    ta="right"
                    style={numeric}
                    c={figure === null ? 'dimmed' : undefined}
                  >
                    {figure === null ? formatAvailability(null) : percent(figure)}
                  </Table.Td>
                );
              })}
              <Table.Td fz="sm" ta="right" fw={600} style={numeric}>
                {percent(row.availability)}
              </Table.Td>
              <Table.Td fz="sm" ta="right" style={numeric}>
                {row.downtime.toFixed(1)}
              </Table.Td>
              <Table.Td fz="sm" ta="right" style={numeric}>
                {row.outages}
              </Table.Td>
              <Table.Td fz="sm" ta="right" style={numeric}>
                {row.scheduled.toFixed(1)}
              </Table.Td>
              <Table.Td fz="sm" ta="right" style={numeric}>
                {row.excluded.toFixed(1)}
              </Table.Td>
              <Table.Td miw={110}>
                <MetBadge row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
