import { bitRateUnitFor, bitsPerSecond, formatBitRate } from '@lightpath/domain/telemetry';
import { Alert, Badge, Drawer, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type ChartSeries, TimeSeriesChart } from '../../../components/time-series-chart';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { mergeSeries, type SeriesPoint, seriesSummary } from '../../../lib/time-series';
import {
  portHistoryHours,
  usePortLightHistory,
  usePortLightLevels,
  usePortOperationalStatus,
  usePortTrafficHistory,
  usePortTrafficValues,
} from '../api/port-telemetry';

type Props = {
  portid: string | null;
  // The port's name on this shelf, for the title; the id when the port is not in the shelf's list.
  name?: string | undefined;
  onClose: () => void;
};

const dbm = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${value.toFixed(2)} dBm`;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={600} ff="monospace" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function Unavailable({ what }: { what: string }) {
  return (
    <Text fz="sm" c="dimmed">
      {what} is not available right now.
    </Text>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={3} fz="sm">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function LightHistory({ portid }: { portid: string }) {
  const query = usePortLightHistory(portid);
  if (query.isPending) return <Skeleton h={130} />;
  if (query.isError) return <Unavailable what="Light history" />;
  const rows = mergeSeries({ rx: query.data.rx, tx: query.data.tx });
  if (rows.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No light levels were recorded in the last {portHistoryHours} hours.
      </Text>
    );
  const rx = seriesSummary(rows, 'rx');
  const tx = seriesSummary(rows, 'tx');
  const figures = (s: typeof rx) => `${dbm(s.latest)} (low ${dbm(s.low)})`;
  const series: ChartSeries[] = [
    { name: 'rx', label: 'Receive', color: 'indigo.6', figures: figures(rx) },
    { name: 'tx', label: 'Transmit', color: 'teal.5', figures: figures(tx) },
  ];
  return (
    <TimeSeriesChart
      rows={rows}
      series={series}
      valueFormatter={(value) => dbm(value)}
      caption={`dBm, last ${portHistoryHours} hours`}
      summary={`Light levels over the last ${portHistoryHours} hours: receive now ${dbm(rx.latest)}, lowest ${dbm(rx.low)}; transmit now ${dbm(tx.latest)}, lowest ${dbm(tx.low)}.`}
    />
  );
}

function TrafficHistory({ portid }: { portid: string }) {
  const query = usePortTrafficHistory(portid);
  if (query.isPending) return <Skeleton h={130} />;
  if (query.isError) return <Unavailable what="Traffic history" />;
  const rows = mergeSeries(
    { in: query.data.in as SeriesPoint[], out: query.data.out as SeriesPoint[] },
    bitsPerSecond,
  );
  if (rows.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No traffic was recorded in the last {portHistoryHours} hours.
      </Text>
    );
  const inbound = seriesSummary(rows, 'in');
  const outbound = seriesSummary(rows, 'out');
  // One unit for the whole axis, from the higher peak.
  const unit = bitRateUnitFor(Math.max(inbound.peak ?? 0, outbound.peak ?? 0));
  const figures = (s: typeof inbound) => `${formatBitRate(s.latest)} (peak ${formatBitRate(s.peak)})`;
  return (
    <TimeSeriesChart
      rows={rows}
      series={[
        { name: 'in', label: 'In', color: 'indigo.6', figures: figures(inbound) },
        { name: 'out', label: 'Out', color: 'teal.5', figures: figures(outbound) },
      ]}
      valueFormatter={(value) => formatBitRate(value)}
      yTickFormatter={(value) => `${+(value / unit.divisor).toFixed(1)}`}
      caption={`${unit.label}, last ${portHistoryHours} hours`}
      summary={`Traffic over the last ${portHistoryHours} hours: in now ${formatBitRate(inbound.latest)}, peak ${formatBitRate(inbound.peak)}; out now ${formatBitRate(outbound.latest)}, peak ${formatBitRate(outbound.peak)}.`}
    />
  );
}

function PortNow({ portid }: { portid: string }) {
  const status = usePortOperationalStatus(portid);
  const light = usePortLightLevels(portid);
  const traffic = usePortTrafficValues(portid);
  // Telemetry answers 404 for a port it keeps no readings for (one no service uses yet).
  const unknown = status.error instanceof ApiError && status.error.status === 404;
  if (unknown) {
    return (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
        The telemetry source keeps no readings for this port.
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
      <Figure label="Operational status">
        {status.isPending ? (
          <Skeleton h={20} w={60} />
        ) : status.isError || status.data.status === null ? (
          '—'
        ) : (
          <Badge size="sm" variant="light" color={status.data.status === 'UP' ? 'teal' : 'red'}>
            {status.data.status === 'UP' ? 'Up' : 'Down'}
          </Badge>
        )}
      </Figure>
      <Figure label="Receive (rx)">{light.isPending ? <Skeleton h={20} /> : dbm(light.data?.rx)}</Figure>
      <Figure label="Transmit (tx)">{light.isPending ? <Skeleton h={20} /> : dbm(light.data?.tx)}</Figure>
      <Figure label="Traffic in">
        {traffic.isPending ? (
          <Skeleton h={20} />
        ) : traffic.data ? (
          formatBitRate(bitsPerSecond(traffic.data.in))
        ) : (
          '—'
        )}
      </Figure>
      <Figure label="Traffic out">
        {traffic.isPending ? (
          <Skeleton h={20} />
        ) : traffic.data ? (
          formatBitRate(bitsPerSecond(traffic.data.out))
        ) : (
          '—'
        )}
      </Figure>
      <Figure label="Read at">
        {status.data
          ? formatDateTime(status.data.datetime)
          : traffic.data
            ? formatDateTime(traffic.data.datetime)
            : '—'}
      </Figure>
    </SimpleGrid>
  );
}

// The port view (spec 7.7): a drawer over the shelf page, opened by ?port=<portid> so Back closes it.
export function PortDrawer({ portid, name, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer
      opened={portid !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={`Port ${name ?? portid ?? ''}`}
    >
      {portid && (
        <Stack gap="lg">
          <PortNow portid={portid} />
          <Section title="Light history">
            <LightHistory portid={portid} />
          </Section>
          <Section title="Traffic history">
            <TrafficHistory portid={portid} />
          </Section>
        </Stack>
      )}
    </Drawer>
  );
}
