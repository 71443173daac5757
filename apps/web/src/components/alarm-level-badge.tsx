import type { AlarmLevel } from '@lightpath/domain/zabbix-triggers';
import { Badge } from '@mantine/core';

// Spec 3: each alarm level has a colour. Critical is the one filled badge, so it stands out in a list.
const looks: Record<AlarmLevel, { color: string; variant: 'light' | 'filled'; label: string }> = {
  warning: { color: 'yellow', variant: 'light', label: 'Warning' },
  minor: { color: 'orange', variant: 'light', label: 'Minor' },
  major: { color: 'red', variant: 'light', label: 'Major' },
  critical: { color: 'red', variant: 'filled', label: 'Critical' },
};

export function alarmLevelLabel(level: AlarmLevel): string {
  return looks[level].label;
}

// With `count`, the badge reads '3 Major': a shelf's alarms at one level.
export function AlarmLevelBadge({ level, count }: { level: AlarmLevel; count?: number }) {
  const look = looks[level];
  return (
    <Badge color={look.color} variant={look.variant} size="sm">
      {count === undefined ? look.label : `${count} ${look.label}`}
    </Badge>
  );
}
