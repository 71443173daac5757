import { serviceMessages } from '@lightpath/domain/services';
import { formatBitRate, trafficTimespanHours } from '@lightpath/domain/telemetry';
import { Skeleton, Text } from '@mantine/core';
import { InlineWarning } from '../../../components/inline-warning';
import { TimeSeriesChart } from '../../../components/time-series-chart';
import { useTrafficHistory } from '../api/get-traffic-history';
import { trafficAxisUnit, trafficChartPoints, trafficSummary } from '../traffic-chart-data';

// Spec 9: traffic over the last six hours, 100 px high, in bits per second (decisions.md).
export function TrafficChart({ serviceid }: { serviceid: string }) {
  const query = useTrafficHistory(serviceid);
  if (query.isPending) return <Skeleton h={130} />;
  if (query.isError) {
    return <InlineWarning>{serviceMessages.trafficFailed}</InlineWarning>;
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
  const figures = (s: typeof a) => `${formatBitRate(s.latest)} (peak ${formatBitRate(s.peak)})`;
  return (
    <TimeSeriesChart
      rows={points}
      series={[
        { name: 'atob', label: 'A → B', color: 'indigo.6', figures: figures(a) },
        { name: 'btoa', label: 'B → A', color: 'teal.5', figures: figures(b) },
      ]}
      valueFormatter={(value) => formatBitRate(value)}
      yTickFormatter={(v) => `${+(v / unit.divisor).toFixed(1)}`}
      caption={`${unit.label}, last ${trafficTimespanHours} hours`}
      summary={`Traffic over the last ${trafficTimespanHours} hours: A to B now ${formatBitRate(a.latest)}, peak ${formatBitRate(a.peak)}; B to A now ${formatBitRate(b.latest)}, peak ${formatBitRate(b.peak)}.`}
    />
  );
}
