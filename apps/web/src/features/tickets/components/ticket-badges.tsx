import { type TicketStatus, ticketStatusColours, ticketStatusLabels } from '@lightpath/domain/tickets';
import { Badge, type MantineSize } from '@mantine/core';

// Badges never shrink inside a narrow table cell: the label is the point of the badge.
const keepWhole = { flexShrink: 0, minWidth: 'max-content', textTransform: 'none' } as const;

export function TicketStatusBadge({ status, size = 'sm' }: { status: TicketStatus; size?: MantineSize }) {
  // A status the portal does not know (a newer ticket system's) still shows, in grey, as it came.
  const label = ticketStatusLabels[status] ?? status;
  const colour = ticketStatusColours[status] ?? 'gray';
  return (
    <Badge size={size} variant="light" color={colour} style={keepWhole}>
      {label}
    </Badge>
  );
}

export { ticketTypeLabel } from '@lightpath/domain/tickets';
