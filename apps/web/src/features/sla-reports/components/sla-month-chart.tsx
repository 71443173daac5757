import { formatReportMonth } from '@lightpath/domain/report-period';
import { formatAvailability, type SlaMonthSummary } from '@lightpath/domain/sla-reports';
import { Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

// The services that breached their target each month, as bars, with the month's mean availability
// under each. Plain elements rather than a chart library: a dozen bars need no lazy chunk, and every
// figure is text a screen reader reads in order.
export function SlaMonthChart({ months }: { months: readonly SlaMonthSummary[] }) {
  const most = Math.max(1, ...months.map((m) => m.breached));
  const captionId = useId();
  return (
    <Box component="figure" m={0} aria-labelledby={captionId}>
      <Text component="figcaption" id={captionId} fw={600} fz="sm" mb="xs">
        Services that breached their target, by month
      </Text>
      <Group
        component="ol"
        gap={6}
        wrap="nowrap"
        align="flex-end"
        p={0}
        m={0}
        style={{ listStyle: 'none', overflowX: 'auto' }}
      >
        {months.map((month) => (
          <Stack
            component="li"
            key={month.month}
            gap={4}
            align="center"
            justify="flex-end"
            style={{ flex: '1 0 56px', minWidth: 56 }}
          >
            <Text fz="xs" fw={600}>
              {month.breached}
              <VisuallyHidden>
                {' '}
                of {month.services} services breached in {formatReportMonth(month.month)}
                {month.whole ? '' : ' (part of the month)'}, mean availability{' '}
                {formatAvailability(month.availability)}
              </VisuallyHidden>
            </Text>
            <Box
              aria-hidden
              w="70%"
              maw={48}
              h={Math.max(2, Math.round((month.breached / most) * 120))}
              bg={month.breached > 0 ? 'red.7' : 'gray.4'}
              style={{ borderRadius: '4px 4px 0 0' }}
            />
            <Text fz="xs" aria-hidden style={{ whiteSpace: 'nowrap' }}>
              {formatReportMonth(month.month)}
              {month.whole ? '' : '*'}
            </Text>
            <Text fz="xs" c="dimmed" aria-hidden style={{ whiteSpace: 'nowrap' }}>
              {month.availability === null ? '–' : `${month.availability.toFixed(3)}%`}
            </Text>
          </Stack>
        ))}
      </Group>
      {months.some((m) => !m.whole) && (
        <Text fz="xs" c="dimmed" mt={4}>
          * part of the month: the period starts or ends in it, or it is in progress.
        </Text>
      )}
    </Box>
  );
}
