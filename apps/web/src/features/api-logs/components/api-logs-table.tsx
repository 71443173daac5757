import { type ApiLog, actingAs, type StatusTone, statusTone } from '@lightpath/domain/api-logs';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { RecentLogCard, RecentLogTable } from '../../../components/recent-log-table';
import { SortableTh } from '../../../components/sortable-th';
import { displayZoneAbbreviation } from '../../../lib/time-zone';
import { formatCallTime, formatDuration } from '../format';

type Props = {
  logs: ApiLog[];
  sort: string;
  onSort: (sort: string) => void;
};

const toneColour: Record<StatusTone, string> = {
  success: 'green',
  redirect: 'blue',
  client: 'orange',
  server: 'red',
};

export function StatusBadge({ status }: { status: number }) {
  return (
    <Badge variant="light" color={toneColour[statusTone(status)]} ff="monospace">
      {status}
    </Badge>
  );
}

// Identical calls in one second are one record (a script repeating a request): how many.
function Calls({ log }: { log: ApiLog }) {
  if (log.calls < 2) return null;
  return (
    <Text
      span
      fz="xs"
      c="dimmed"
      ml={6}
      title={`${log.calls} identical calls in this second, the longest ${formatDuration(log.maxdurationms ?? log.durationms)} ms`}
    >
      ×{log.calls}
    </Text>
  );
}

function Caller({ log }: { log: ApiLog }) {
  const acting = actingAs(log);
  return (
    <Stack gap={2}>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {log.email ?? 'Not signed in'}
      </Text>
      {acting ? (
        <Text fz="xs" c="dimmed">
          acting as {acting}
        </Text>
      ) : (
        log.customercode && (
          <Text fz="xs" c="dimmed">
            {log.customercode}
          </Text>
        )
      )}
    </Stack>
  );
}

// The route pattern, and the path as called below it when it differs (an id filled in).
function Route({ log }: { log: ApiLog }) {
  return (
    <Stack gap={2}>
      <Text fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {log.route ?? log.path}
      </Text>
      {log.route && log.route !== log.path && (
        <Text fz="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {log.path}
        </Text>
      )}
    </Stack>
  );
}

function MethodBadge({ method }: { method: string }) {
  return (
    <Badge variant="outline" color="gray" ff="monospace">
      {method}
    </Badge>
  );
}

export function ApiLogsTable({ logs, sort, onSort }: Props) {
  const zone = displayZoneAbbreviation();
  return (
    <RecentLogTable
      head={
        <>
          <SortableTh field="time" sort={sort} onSort={onSort}>
            {`Time (${zone})`}
          </SortableTh>
          <Table.Th>User</Table.Th>
          <Table.Th>Method</Table.Th>
          <Table.Th>Route</Table.Th>
          <Table.Th>Status</Table.Th>
          <SortableTh field="duration" sort={sort} onSort={onSort} ta="right">
            Duration (ms)
          </SortableTh>
          <Table.Th>Address</Table.Th>
        </>
      }
      cards={() =>
        logs.map((log) => (
          <RecentLogCard
            key={log.id}
            what={
              <Group gap={6} wrap="nowrap">
                <MethodBadge method={log.method} />
                <StatusBadge status={log.status} />
                <Calls log={log} />
              </Group>
            }
            when={
              <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatCallTime(log.time)} {displayZoneAbbreviation(log.time)}
              </Text>
            }
          >
            <Route log={log} />
            <Text fz="xs" c="dimmed" mt={4}>
              {log.email ?? 'Not signed in'} · {formatDuration(log.durationms)} ms ·{' '}
              {log.address ?? 'no address'}
            </Text>
          </RecentLogCard>
        ))
      }
    >
      {logs.map((log) => (
        <Table.Tr key={log.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text fz="sm">{formatCallTime(log.time)}</Text>
          </Table.Td>
          <Table.Td maw={260}>
            <Caller log={log} />
          </Table.Td>
          <Table.Td>
            <MethodBadge method={log.method} />
          </Table.Td>
          <Table.Td maw={340}>
            <Route log={log} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <StatusBadge status={log.status} />
            <Calls log={log} />
          </Table.Td>
          <Table.Td ta="right" ff="monospace" fz="sm">
            {formatDuration(log.durationms)}
          </Table.Td>
          <Table.Td ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {log.address ?? '—'}
          </Table.Td>
        </Table.Tr>
      ))}
    </RecentLogTable>
  );
}
