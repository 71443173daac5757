import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatDisplayTime } from '../lib/time-zone';

// Recharts renders its tooltip before any point is hovered, with no label: that must not throw.
const formatTime = (seconds: number) => (Number.isFinite(seconds) ? formatDisplayTime(seconds) : '');

export type ChartSeries = {
  name: string;
  label: string;
  // A Mantine colour with its shade, 'indigo.6'.
  color: string;
  // What the legend says beside the label: '880 Mb/s (peak 2.40 Gb/s)'.
  figures: string;
};

type Props = {
  rows: readonly object[];
  series: readonly ChartSeries[];
  valueFormatter: (value: number) => string;
  yTickFormatter?: (value: number) => string;
  // The axis' unit and the window, under the chart.
  caption: string;
  // The chart in words, for screen readers.
  summary: string;
  height?: number;
};

// A small history chart (traffic, light levels): the legend carries the figures, so the plot only has
// to show the shape.
export function TimeSeriesChart({
  rows,
  series,
  valueFormatter,
  yTickFormatter = (value) => `${+value.toFixed(1)}`,
  caption,
  summary,
  height = 100,
}: Props) {
  return (
    <Stack gap={6}>
      <Group gap="md" wrap="wrap">
        {series.map((s) => (
          <Group key={s.name} gap={6} wrap="nowrap">
            <span
              aria-hidden="true"
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                background: `var(--mantine-color-${s.color.replace('.', '-')})`,
              }}
            />
            <Text fz="xs">
              <Text span fw={600} fz="xs">
                {s.label}
              </Text>{' '}
              {s.figures}
            </Text>
          </Group>
        ))}
      </Group>
      {/* The legend above says the figures in words; the chart is a picture of them, kept out of the
          reading order and the tab order alike (inert), as the chart's own elements can take focus. */}
      <div aria-hidden="true" inert>
        <AreaChart
          h={height}
          data={rows as Record<string, unknown>[]}
          dataKey="datetime"
          series={series.map(({ name, label, color }) => ({ name, label, color }))}
          curveType="monotone"
          withDots={false}
          withGradient
          fillOpacity={0.25}
          strokeWidth={1.5}
          gridAxis="y"
          tickLine="none"
          unit=""
          valueFormatter={valueFormatter}
          xAxisProps={{ tickFormatter: formatTime, minTickGap: 40, fontSize: 11 }}
          yAxisProps={{ width: 44, tickCount: 3, fontSize: 11, tickFormatter: yTickFormatter }}
          tooltipProps={{ labelFormatter: (label) => formatTime(Number(label)) }}
        />
      </div>
      <VisuallyHidden>{summary}</VisuallyHidden>
      <Text fz={11} c="dimmed" ta="right">
        {caption}
      </Text>
    </Stack>
  );
}
