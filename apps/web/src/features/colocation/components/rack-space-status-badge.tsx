import { Badge } from '@mantine/core';
import { rackSpaceEndDay } from '../rack-space-form-values';

// A rack space with an end date can no longer be chosen for a cross-connect (spec 5): the badge says
// so, and when, whether the day has come or not.
export function RackSpaceStatusBadge({
  enddate,
  now = Date.now(),
}: {
  enddate: number | null;
  now?: number;
}) {
  if (enddate === null)
    return (
      <Badge color="teal" variant="light">
        Active
      </Badge>
    );
  const past = enddate * 1000 <= now;
  return (
    // Not upper-cased, and never cut short: the day is the point of it.
    <Badge color={past ? 'gray' : 'orange'} variant="light" tt="none" style={{ overflow: 'visible' }}>
      {past ? 'Ended' : 'Ends'} {rackSpaceEndDay(enddate)}
    </Badge>
  );
}
