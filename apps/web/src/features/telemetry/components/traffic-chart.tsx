import '@mantine/charts/styles.css';
import { serviceMessages } from '@lightpath/domain/services';
import { formatBitRate, trafficTimespanHours } from '@lightpath/domain/telemetry';
import { AreaChart } from '@mantine/charts';
import { Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDisplayTime } from '../../../lib/time-zone';
import { useTrafficHistory } from '../api/get-traffic-history';
import { trafficAxisUnit, trafficChartPoints, trafficSummary } from '../traffic-chart-data';

// Recharts renders its tooltip before any point is hovered, with no label: that must not throw.
const formatTime = (seconds: number) => (Number.isFinite(seconds) ? formatDisplayTime(seconds) : '');

const series = [
  { name: 'atob', label: 'A → B', color: 'indigo.6' },
  { name: 'btoa', label: 'B → A', color: 'teal.5' },
];

function Legend({
  label,
  colour,
  latest,
  peak,
}: {
  label: string;
  colour: string;
  latest: number | null;
  peak: number | null;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <span
        aria-hidden="true"
        style={{ width: 10, height: 10, borderRadius: 2, background: `var(--mantine-color-${colour})` }}
      />
      <Text fz="xs">
        <Text span fw={600} fz="xs">
          {label}
        </Text>{' '}
        {formatBitRate(latest)}{' '}
        <Text span c="dimmed" fz="xs">
          (peak {formatBitRate(peak)})
        </Text>
      </Text>
    </Group>
  );
}

// Spec 9: traffic over the last six hours, 100 px high, in bits per second (decisions.md). The legend carries the figures (now and
// peak), so the small plot only has to show the shape.
export function TrafficChart({ serviceid }: { serviceid: string }) {
  const query = useTrafficHistory(serviceid);
  if (query.isPending) return <Skeleton h={130} />;
  if (query.isError) {
    return (
      <Group gap={6} role="status">
        <IconAlertTriangle size={16} color="var(--mantine-color-yellow-7)" aria-hidden="true" />
        <Text fz="sm" c="yellow.8">
          {serviceMessages.trafficFailed}
        </Text>
      </Group>
    );
  }
  const points = trafficChartPoints(query.data);
  if (points.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No traffic was recorded in the last {trafficTimespanHours} hours.
      </Text>
    );
  }
  const a = trafficSummary(points, 'atob');
  const b = trafficSummary(points, 'btoa');
  const unit = trafficAxisUnit(a, b);
  return (
    <Stack gap={6}>
      <Group gap="md" wrap="wrap">
        <Legend label="A → B" colour="indigo-6" {...a} />
        <Legend label="B → A" colour="teal-5" {...b} />
      </Group>
      {/* The legend above says the figures in words; the chart is a picture of them, kept out of the
          reading order and the tab order alike (inert), as the chart's own elements can take focus. */}
      <div aria-hidden="true" inert>
        <AreaChart
          h={100}
          data={points}
          dataKey="datetime"
          series={series}
          curveType="monotone"
          withDots={false}
          withGradient
          fillOpacity={0.25}
          strokeWidth={1.5}
          gridAxis="y"
          tickLine="none"
          unit=""
          valueFormatter={(value) => formatBitRate(value)}
          xAxisProps={{ tickFormatter: formatTime, minTickGap: 40, fontSize: 11 }}
          yAxisProps={{
            width: 44,
            tickCount: 3,
            fontSize: 11,
            tickFormatter: (v: number) => `${+(v / unit.divisor).toFixed(1)}`,
          }}
          tooltipProps={{ labelFormatter: (label) => formatTime(Number(label)) }}
        />
      </div>
      <VisuallyHidden>
        Traffic over the last {trafficTimespanHours} hours: A to B now {formatBitRate(a.latest)}, peak{' '}
        {formatBitRate(a.peak)}; B to A now {formatBitRate(b.latest)}, peak {formatBitRate(b.peak)}.
      </VisuallyHidden>
      <Text fz={11} c="dimmed" ta="right">
        {unit.label}, last {trafficTimespanHours} hours
      </Text>
    </Stack>
  );
}
