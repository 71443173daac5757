import type { AlarmLevel, MutedTrigger, ZabbixTrigger } from '@lightpath/domain/zabbix-triggers';
import { Badge, Box, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBellOff, IconBellRinging } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AlarmLevelBadge } from '../../../components/alarm-level-badge';
import { formatDateTime } from '../../../lib/format';

type TriggerRow = { host: string; hostname: string; description: string; severity: AlarmLevel };

// Below this width both lists are cards: the NOC mutes from a phone at night, and a table of eight
// columns would scroll sideways there.
const phoneQuery = '(max-width: 48em)';

const actions = {
  mute: { label: 'Mute', icon: IconBellOff },
  unmute: { label: 'Unmute', icon: IconBellRinging },
} as const;

// Mute on a found trigger and Unmute on a muted one: the same button, told apart by icon and label,
// full width on a card so it is big enough to tap.
function TriggerActionButton({
  action,
  row,
  onClick,
  onCard,
}: {
  action: keyof typeof actions;
  row: TriggerRow;
  onClick: () => void;
  onCard?: boolean;
}) {
  const { label, icon: Icon } = actions[action];
  return (
    <Button
      size={onCard ? 'sm' : 'xs'}
      fullWidth={onCard}
      variant="light"
      leftSection={<Icon size={14} />}
      onClick={onClick}
      aria-label={`${label} ${row.description}`}
    >
      {label}
    </Button>
  );
}

function ProblemBadge({ problem }: { problem: boolean }) {
  return (
    <Badge color={problem ? 'red' : 'gray'} variant="outline" size="sm">
      {problem ? 'Problem' : 'OK'}
    </Badge>
  );
}

function MutedUntil({ until }: { until: number }) {
  return (
    <Text fz="xs" c="dimmed">
      Muted until {formatDateTime(until)}
    </Text>
  );
}

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

// The list on a phone: a card per trigger with what it is and where, its level, then what the list adds.
function TriggerCards<T extends TriggerRow & { triggerid: string }>({
  rows,
  details,
}: {
  rows: T[];
  details: (row: T) => ReactNode;
}) {
  return (
    <Stack gap="xs">
      {rows.map((row) => (
        <Paper
          key={row.triggerid}
          withBorder
          radius="md"
          p="sm"
          component="article"
          aria-label={row.description}
        >
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600} fz="sm">
                  {row.description}
                </Text>
                <Text fz="xs" c="dimmed">
                  {row.hostname} ·{' '}
                  <Text span inherit ff="monospace">
                    {row.host}
                  </Text>
                </Text>
              </div>
              {/* Never squeezed to 'WA…' by a long trigger name beside it. */}
              <Box style={{ flexShrink: 0 }}>
                <AlarmLevelBadge level={row.severity} />
              </Box>
            </Group>
            {details(row)}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function MutedTable({
  rows,
  onUnmute,
}: {
  rows: MutedTrigger[];
  onUnmute: (row: MutedTrigger) => void;
}) {
  const phone = useMediaQuery(phoneQuery);
  if (phone)
    return (
      <TriggerCards
        rows={rows}
        details={(row) => (
          <>
            <Text fz="sm">{row.reason}</Text>
            <Text fz="xs" c="dimmed">
              Muted by {row.mutedby}, {formatDateTime(row.since)} until {formatDateTime(row.until)}
            </Text>
            <TriggerActionButton action="unmute" row={row} onClick={() => onUnmute(row)} onCard />
          </>
        )}
      />
    );
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
                <TriggerActionButton action="unmute" row={row} onClick={() => onUnmute(row)} />
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
  const phone = useMediaQuery(phoneQuery);
  if (phone)
    return (
      <TriggerCards
        rows={rows}
        details={(row) => (
          <>
            <Group gap="xs">
              <ProblemBadge problem={row.problem} />
              {row.mute && <MutedUntil until={row.mute.until} />}
            </Group>
            {!row.mute && <TriggerActionButton action="mute" row={row} onClick={() => onMute(row)} onCard />}
          </>
        )}
      />
    );
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
                <ProblemBadge problem={row.problem} />
              </Table.Td>
              <Table.Td>
                {row.mute ? (
                  <MutedUntil until={row.mute.until} />
                ) : (
                  <TriggerActionButton action="mute" row={row} onClick={() => onMute(row)} />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
