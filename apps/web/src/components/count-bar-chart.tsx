import { Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Suspense } from 'react';
import { lazyChunk } from '../lib/load-chunk';
import { ChartLegend } from './chart-legend';

// The plot's library loads when a chart first shows (as TimeSeriesChart's does), not with the page.
const CountBarPlot = lazyChunk(() => import('./count-bar-plot').then((m) => m.CountBarPlot));

export type CountSeries = {
  // The rows' key for this series' counts.
  name: string;
  label: string;
  // A Mantine colour with its shade, 'blue.6'.
  color: string;
};

type Props = {
  // One bar per row, labelled by `label`, the series stacked in it.
  rows: readonly ({ label: string } & Record<string, string | number>)[];
  series: readonly CountSeries[];
  // What the bars are, under the chart ('Events by week starting Monday').
  caption: string;
  height?: number;
  // Bars side by side rather than stacked, for figures that do not add up (a percentage each way).
  grouped?: boolean;
  // What the legend says beside each series; its total by default.
  legendFigures?: (series: CountSeries) => string;
};

// Counts per period (a report's weeks or months) as stacked bars. The legend carries each series'
// total, and the counts are read out in words for a screen reader; the drawing is a picture of them.
export function CountBarChart({
  rows,
  series,
  caption,
  height = 180,
  grouped = false,
  legendFigures,
}: Props) {
  const total = (name: string) => rows.reduce((sum, row) => sum + Number(row[name] ?? 0), 0);
  const summary = rows
    .map((row) => `${row.label}: ${series.map((s) => `${row[s.name] ?? 0} ${s.label}`).join(', ')}`)
    .join('; ');
  return (
    <Stack gap={6}>
      <ChartLegend
        items={series.map((s) => ({
          ...s,
          figures: legendFigures ? legendFigures(s) : String(total(s.name)),
        }))}
      />
      <div aria-hidden="true" inert>
        <Suspense fallback={<Skeleton h={height} />}>
          <CountBarPlot rows={rows} series={series} height={height} grouped={grouped} />
        </Suspense>
      </div>
      <VisuallyHidden>{summary}</VisuallyHidden>
      <Text fz={11} c="dimmed" ta="right">
        {caption}
      </Text>
    </Stack>
  );
}
