import { type AlarmLevel, alarmLevelLabels } from '@lightpath/domain/zabbix-triggers';
import { Badge } from '@mantine/core';

// Spec 3: each alarm level has a colour. Critical is the one filled badge, so it stands out in a list.
const looks: Record<AlarmLevel, { color: string; variant: 'light' | 'filled' }> = {
  warning: { color: 'yellow', variant: 'light' },
  minor: { color: 'orange', variant: 'light' },
  major: { color: 'red', variant: 'light' },
  critical: { color: 'red', variant: 'filled' },
};

export function alarmLevelLabel(level: AlarmLevel): string {
  return alarmLevelLabels[level];
}

// With `count`, the badge reads '3 Major': a shelf's alarms at one level.
export function AlarmLevelBadge({ level, count }: { level: AlarmLevel; count?: number }) {
  const look = looks[level];
  return (
    <Badge color={look.color} variant={look.variant} size="sm">
      {count === undefined ? alarmLevelLabels[level] : `${count} ${alarmLevelLabels[level]}`}
    </Badge>
  );
}
