import type { AlarmCounts as Counts } from '@lightpath/domain/equipment';
import { alarmLevels } from '@lightpath/domain/zabbix-triggers';
import { Group, Text } from '@mantine/core';
import { AlarmLevelBadge } from '../../../components/alarm-level-badge';

// A shelf's active alarms as one coloured badge per level that has any, worst first, so the eye
// meets critical before warning.
export function AlarmCounts({ alarms }: { alarms: Counts }) {
  const levels = [...alarmLevels].reverse().filter((level) => alarms[level] > 0);
  if (levels.length === 0) {
    return (
      <Text span fz="xs" c="dimmed">
        No alarms
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap">
      {levels.map((level) => (
        <AlarmLevelBadge key={level} level={level} count={alarms[level]} />
      ))}
    </Group>
  );
}
