import type { AlarmCounts as Counts } from '@lightpath/domain/equipment';
import { alarmLevels } from '@lightpath/domain/zabbix-triggers';
import { Group, Text } from '@mantine/core';
import { AlarmLevelBadge } from '../../../components/alarm-level-badge';
import { useAlarmsFreshness } from '../api/get-alarms-freshness';

// A shelf's active alarms as one coloured badge per level that has any, worst first, so the eye
// meets critical before warning. While Zabbix is not answering, none recorded is not the same as none:
// the page's notice says why (AlarmsFreshnessNotice), and this says 'No alarms known'.
export function AlarmCounts({ alarms }: { alarms: Counts }) {
  const failing = useAlarmsFreshness().data?.failing === true;
  const levels = [...alarmLevels].reverse().filter((level) => alarms[level] > 0);
  if (levels.length === 0) {
    return (
      <Text span fz="xs" c="dimmed">
        {failing ? 'No alarms known' : 'No alarms'}
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
