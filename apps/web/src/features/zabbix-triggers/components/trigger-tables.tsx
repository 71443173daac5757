import type { AlarmLevel, MutedTrigger, ZabbixTrigger } from '@lightpath/domain/zabbix-triggers';
import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconBellOff, IconBellRinging } from '@tabler/icons-react';
import { AlarmLevelBadge } from '../../../components/alarm-level-badge';
import { formatDateTime } from '../../../lib/format';

type TriggerRow = { host: string; hostname: string; description: string; severity: AlarmLevel };

// The columns both tables start with: the host (visible and technical name), the trigger, its level.
function TriggerHeads() {
  return (
    <>
      <Table.Th>Host</Table.Th>
      <Table.Th>Trigger</Table.Th>
      <Table.Th>Severity</Table.Th>
    </>
  );
}

function TriggerCells({ row }: { row: TriggerRow }) {
  return (
    <>
      <Table.Td fz="sm">
        <Text fz="sm" fw={500}>
          {row.hostname}
        </Text>
        <Text fz="xs" c="dimmed" ff="monospace">
          {row.host}
        </Text>
      </Table.Td>
      <Table.Td fz="sm">{row.description}</Table.Td>
      <Table.Td>
        <AlarmLevelBadge level={row.severity} />
      </Table.Td>
    </>
  );
}

export function MutedTable({
  rows,
  onUnmute,
}: {
  rows: MutedTrigger[];
  onUnmute: (row: MutedTrigger) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <TriggerHeads />
            <Table.Th>Muted by</Table.Th>
            <Table.Th>Since</Table.Th>
            <Table.Th>Until</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.triggerid}>
              <TriggerCells row={row} />
              <Table.Td fz="sm">{row.mutedby}</Table.Td>
              <Table.Td fz="sm">{formatDateTime(row.since)}</Table.Td>
              <Table.Td fz="sm">{formatDateTime(row.until)}</Table.Td>
              <Table.Td fz="sm">{row.reason}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconBellRinging size={14} />}
                  onClick={() => onUnmute(row)}
                  aria-label={`Unmute ${row.description}`}
                >
                  Unmute
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function TriggerSearchResults({
  rows,
  onMute,
}: {
  rows: ZabbixTrigger[];
  onMute: (row: ZabbixTrigger) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <TriggerHeads />
            <Table.Th>State</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.triggerid}>
              <TriggerCells row={row} />
              <Table.Td>
                {row.problem ? (
                  <Badge color="red" variant="outline" size="sm">
                    Problem
                  </Badge>
                ) : (
                  <Badge color="gray" variant="outline" size="sm">
                    OK
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {row.mute ? (
                  <Text fz="xs" c="dimmed">
                    Muted until {formatDateTime(row.mute.until)}
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconBellOff size={14} />}
                    onClick={() => onMute(row)}
                    aria-label={`Mute ${row.description}`}
                  >
                    Mute
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
