import {
  type EventTiming,
  eventPriorities,
  eventTimingLabels,
  eventTypes,
  normaliseEventType,
} from '@lightpath/domain/events';
import { Badge, type MantineSize } from '@mantine/core';

// Badges never shrink inside a narrow table cell: the label is the point of the badge.
const keepWhole = { flexShrink: 0, minWidth: 'max-content', textTransform: 'none' } as const;

export function EventTypeBadge({ type, size = 'sm' }: { type: number; size?: MantineSize }) {
  const known = normaliseEventType(type);
  if (!known) {
    return (
      <Badge size={size} variant="light" color="gray" style={keepWhole}>
        Unknown
      </Badge>
    );
  }
  const { label, name, colour } = eventTypes[known];
  // The label is what users read (spec 3: 'Scheduled Works'); the formal name is there on hover.
  return (
    <Badge size={size} variant="light" color={colour} style={keepWhole} title={name}>
      {label}
    </Badge>
  );
}

const timingColours: Record<EventTiming, string> = {
  upcoming: 'indigo',
  current: 'orange',
  ongoing: 'red',
  ended: 'gray',
};

export function EventTimingBadge({ timing, size = 'sm' }: { timing: EventTiming; size?: MantineSize }) {
  return (
    <Badge size={size} variant="dot" color={timingColours[timing]} style={keepWhole}>
      {eventTimingLabels[timing]}
    </Badge>
  );
}

const priorityColours: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'yellow', 4: 'gray', 5: 'gray' };

export function priorityLabel(priority: number): string {
  return eventPriorities[priority as keyof typeof eventPriorities] ?? `Priority ${priority}`;
}

export function EventPriorityBadge({ priority, size = 'sm' }: { priority: number; size?: MantineSize }) {
  return (
    <Badge size={size} variant="outline" color={priorityColours[priority] ?? 'gray'} style={keepWhole}>
      {priorityLabel(priority)}
    </Badge>
  );
}
