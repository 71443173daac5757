import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { formatDisplayTime } from '../lib/time-zone';
import type { ChartSeries } from './time-series-chart';

// Recharts renders its tooltip before any point is hovered, with no label: that must not throw.
const formatTime = (seconds: number) => (Number.isFinite(seconds) ? formatDisplayTime(seconds) : '');

type Props = {
  rows: readonly object[];
  series: readonly ChartSeries[];
  valueFormatter: (value: number) => string;
  yTickFormatter: (value: number) => string;
  height: number;
};

// The drawing of a TimeSeriesChart, in its own module so that the chart library is loaded only when a
// chart is on screen (time-series-chart.tsx imports it lazily).
export function TimeSeriesPlot({ rows, series, valueFormatter, yTickFormatter, height }: Props) {
  return (
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
  );
}
