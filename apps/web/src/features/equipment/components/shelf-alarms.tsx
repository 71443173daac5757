import type { Alarm } from '@lightpath/domain/equipment';
import { alarmLevels } from '@lightpath/domain/zabbix-triggers';
import { Anchor, Badge, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBellCheck } from '@tabler/icons-react';
import { AlarmLevelBadge } from '../../../components/alarm-level-badge';
import { formatDateTime } from '../../../lib/format';

type Props = { alarms: Alarm[]; onPort?: (portid: string) => void };

// The shelf's active alarms by level, worst first, newest first within a level (spec 3).
export function ShelfAlarms({ alarms, onPort }: Props) {
  if (alarms.length === 0) {
    return (
      <EmptyState
        py="lg"
        size="sm"
        icon={<IconBellCheck size={22} />}
        title="No active alarms"
        description="Alarms Zabbix raises on this shelf appear here."
      />
    );
  }
  const groups = [...alarmLevels]
    .reverse()
    .map((level) => ({
      level,
      alarms: alarms.filter((a) => a.level === level).sort((a, b) => b.raised - a.raised),
    }))
    .filter((group) => group.alarms.length > 0);
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <Stack key={group.level} gap={6} component="section" aria-label={`${group.level} alarms`}>
          <Group gap="xs">
            <AlarmLevelBadge level={group.level} count={group.alarms.length} />
          </Group>
          {group.alarms.map((alarm) => (
            <Paper key={alarm.alarmid} withBorder radius="md" p="xs">
              <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
                  <Text fz="sm" fw={500}>
                    {alarm.description}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    Raised {formatDateTime(alarm.raised)}
                    {alarm.portid && (
                      <>
                        {' · '}
                        {onPort ? (
                          <Anchor
                            component="button"
                            type="button"
                            fz="xs"
                            ff="monospace"
                            onClick={() => alarm.portid && onPort(alarm.portid)}
                          >
                            {alarm.portid}
                          </Anchor>
                        ) : (
                          <Text span fz="xs" ff="monospace">
                            {alarm.portid}
                          </Text>
                        )}
                      </>
                    )}
                  </Text>
                </Stack>
                <Badge size="sm" variant={alarm.acknowledged ? 'light' : 'outline'} color="gray">
                  {alarm.acknowledged ? 'Acknowledged' : 'Not acknowledged'}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
