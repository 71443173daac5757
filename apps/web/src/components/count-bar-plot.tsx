import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { CountSeries } from './count-bar-chart';

type Props = {
  rows: readonly Record<string, string | number>[];
  series: readonly CountSeries[];
  height: number;
  grouped?: boolean;
};

// The drawing of a CountBarChart, in its own module so the chart library loads only with a chart.
export function CountBarPlot({ rows, series, height, grouped = false }: Props) {
  return (
    <BarChart
      h={height}
      data={rows as Record<string, unknown>[]}
      dataKey="label"
      type={grouped ? 'default' : 'stacked'}
      series={series.map(({ name, label, color }) => ({ name, label, color }))}
      gridAxis="y"
      tickLine="none"
      withTooltip={false}
      xAxisProps={{ minTickGap: 8, fontSize: 11, interval: 'preserveStartEnd' }}
      yAxisProps={{ width: 32, allowDecimals: false, fontSize: 11 }}
    />
  );
}
