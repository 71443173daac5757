import type { AlarmLevel } from '@lightpath/domain/zabbix-triggers';
import { Badge } from '@mantine/core';

// Spec 3: each alarm level has a colour. Critical is the one filled badge, so it stands out in a list.
const looks: Record<AlarmLevel, { color: string; variant: 'light' | 'filled'; label: string }> = {
  warning: { color: 'yellow', variant: 'light', label: 'Warning' },
  minor: { color: 'orange', variant: 'light', label: 'Minor' },
  major: { color: 'red', variant: 'light', label: 'Major' },
  critical: { color: 'red', variant: 'filled', label: 'Critical' },
};

export function AlarmLevelBadge({ level }: { level: AlarmLevel }) {
  const look = looks[level];
  return (
    <Badge color={look.color} variant={look.variant} size="sm">
      {look.label}
    </Badge>
  );
}
