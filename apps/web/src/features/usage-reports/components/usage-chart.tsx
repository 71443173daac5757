import { formatReportMonth } from '@lightpath/domain/report-period';
import type { UsageReportMonth } from '@lightpath/domain/usage-reports';
import { Box, Group, Stack, Text, Tooltip } from '@mantine/core';

const bands = [
  { key: 'atcapacity', label: 'At Capacity', colour: 'var(--mantine-color-red-6)' },
  { key: 'nearingcapacity', label: 'Nearing Capacity', colour: 'var(--mantine-color-yellow-5)' },
  { key: 'available', label: 'Available', colour: 'var(--mantine-color-green-6)' },
] as const;

function describe(month: UsageReportMonth) {
  const counts = bands.map((b) => `${month[b.key]} ${b.label}`).join(', ');
  const notes = [
    month.inprogress ? 'to date' : null,
    month.whole ? null : 'partly in the period',
    month.unmeasured > 0 ? `${month.unmeasured} not measured` : null,
  ].filter(Boolean);
  return `${month.label}: ${counts}${notes.length ? ` (${notes.join('; ')})` : ''}`;
}

// Services per label, a stacked bar a month, drawn in plain boxes (no chart library for three
// colours); the bars are one image with its figures as its name, the legend and notes are text.
export function UsageChart({ months }: { months: UsageReportMonth[] }) {
  const highest = Math.max(1, ...months.map((m) => m.atcapacity + m.nearingcapacity + m.available));
  const missing = months.filter((m) => m.unmeasured > 0);
  return (
    <Stack gap="xs">
      <Group gap="md" wrap="wrap">
        {bands.map((b) => (
          <Group key={b.key} gap={6}>
            <Box w={12} h={12} style={{ background: b.colour, borderRadius: 2 }} />
            <Text fz="sm">{b.label}</Text>
          </Group>
        ))}
      </Group>
      <Box
        role="img"
        aria-label={`Services by label per month. ${months.map(describe).join('. ')}`}
        style={{ display: 'flex', alignItems: 'flex-end', gap: 6, height: 180, overflowX: 'auto' }}
      >
        {months.map((m) => (
          <Tooltip key={m.month} label={describe(m)} multiline w={260}>
            <Stack
              gap={4}
              align="center"
              style={{ flex: '1 1 0', minWidth: 14, height: '100%', justifyContent: 'flex-end' }}
            >
              <Box style={{ width: '100%', display: 'flex', flexDirection: 'column-reverse', height: '85%' }}>
                {bands.map((b) => (
                  <Box
                    key={b.key}
                    style={{
                      height: `${(m[b.key] / highest) * 100}%`,
                      background: b.colour,
                      opacity: m.inprogress ? 0.6 : 1,
                    }}
                  />
                ))}
              </Box>
              <Text fz={10} c="dimmed" aria-hidden>
                {formatReportMonth(m.month).replace(' 20', " '")}
              </Text>
            </Stack>
          </Tooltip>
        ))}
      </Box>
      {missing.length > 0 && (
        <Text fz="sm" c="dimmed">
          Not yet measured:{' '}
          {missing
            .map((m) => `${m.label} (${m.unmeasured} service${m.unmeasured === 1 ? '' : 's'})`)
            .join(', ')}
          .
        </Text>
      )}
    </Stack>
  );
}
