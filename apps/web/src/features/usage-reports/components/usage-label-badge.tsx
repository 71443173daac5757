import { usageLabel } from '@lightpath/domain/services';
import { Badge } from '@mantine/core';

// The label of a service's figures, in the colours the service page's utilisation uses.
export function UsageLabelBadge({ atob, btoa }: { atob: number | null; btoa: number | null }) {
  const { label, colour } = usageLabel(atob ?? 0, btoa ?? 0);
  return (
    <Badge color={colour} variant="light">
      {label}
    </Badge>
  );
}
