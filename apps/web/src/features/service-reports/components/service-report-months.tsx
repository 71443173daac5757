import { formatReportMonth } from '@lightpath/domain/report-period';
import type { ServiceReportMonth } from '@lightpath/domain/service-reports';
import { formatAvailability } from '@lightpath/domain/sla-reports';
import { formatUsagePercent } from '@lightpath/domain/usage-reports';
import { Stack, Table, Text } from '@mantine/core';
import { CountBarChart } from '../../../components/count-bar-chart';

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const series = [
  { name: 'atob', label: '95th A to B', color: 'indigo.6' },
  { name: 'btoa', label: '95th B to A', color: 'teal.6' },
] as const;

const highest = (months: readonly ServiceReportMonth[], key: 'atob' | 'btoa') => {
  const figures = months.flatMap((m) => (m[key] === null ? [] : [m[key]]));
  return figures.length ? `highest ${formatUsagePercent(Math.max(...figures))}` : 'no figure';
};

// Each month's 95th percentile each way as bars, then the months as a table with their availability.
export function ServiceReportMonths({ months }: { months: readonly ServiceReportMonth[] }) {
  const rows = months.map((m) => ({
    label: `${formatReportMonth(m.month)}${m.whole ? '' : '*'}`,
    ...(m.atob === null ? {} : { atob: m.atob }),
    ...(m.btoa === null ? {} : { btoa: m.btoa }),
  }));
  return (
    <Stack gap="md">
      <CountBarChart
        rows={rows}
        series={series}
        grouped
        legendFigures={(s) => highest(months, s.name as 'atob' | 'btoa')}
        caption="Monthly 95th percentile utilisation, % of the line rate"
      />
      <Table striped highlightOnHover fz="sm" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Month</Table.Th>
            <Table.Th scope="col" ta="right">
              Availability
            </Table.Th>
            <Table.Th scope="col" ta="right">
              95th A to B
            </Table.Th>
            <Table.Th scope="col" ta="right">
              95th B to A
            </Table.Th>
            <Table.Th scope="col" visibleFrom="xs">
              Utilisation
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((m) => (
            <Table.Tr key={m.month}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatReportMonth(m.month)}
                {m.whole ? '' : '*'}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {m.availability === null ? '–' : formatAvailability(m.availability)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatUsagePercent(m.atob)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatUsagePercent(m.btoa)}
              </Table.Td>
              <Table.Td visibleFrom="xs">{m.label ?? 'No figure'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {months.some((m) => !m.whole) && (
        <Text fz="xs" c="dimmed">
          * part of the month: the period starts or ends in it, or it is in progress. A month's 95th
          percentile is the whole month's.
        </Text>
      )}
    </Stack>
  );
}
