import { Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Suspense } from 'react';
import { lazyChunk } from '../lib/load-chunk';
import { ChartLegend, type ChartLegendItem } from './chart-legend';

// The plot's library (@mantine/charts with recharts, about 420 kB) loads when a chart first shows, not
// with the page that may show one: a shelf page paints its ports without it, and the legend's figures
// above the plot are there at once.
const TimeSeriesPlot = lazyChunk(() => import('./time-series-plot').then((m) => m.TimeSeriesPlot));

export type ChartSeries = ChartLegendItem;

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
      <ChartLegend items={series} />
      {/* The legend above says the figures in words; the chart is a picture of them, kept out of the
          reading order and the tab order alike (inert), as the chart's own elements can take focus. */}
      <div aria-hidden="true" inert>
        <Suspense fallback={<Skeleton h={height} />}>
          <TimeSeriesPlot
            rows={rows}
            series={series}
            valueFormatter={valueFormatter}
            yTickFormatter={yTickFormatter}
            height={height}
          />
        </Suspense>
      </div>
      <VisuallyHidden>{summary}</VisuallyHidden>
      <Text fz={11} c="dimmed" ta="right">
        {caption}
      </Text>
    </Stack>
  );
}
