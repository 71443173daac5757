import { serviceStatusName, serviceTypeOf } from '@lightpath/domain/services';
import { Badge, type MantineSize } from '@mantine/core';

// The type letter in the domain's colour (spec 3: each service type has a letter, name and colour).
export function ServiceTypeBadge({
  serviceid,
  withName = false,
  size = 'sm',
}: {
  serviceid: string;
  withName?: boolean;
  size?: MantineSize;
}) {
  const type = serviceTypeOf(serviceid);
  return (
    <Badge
      color={type.colour}
      variant="light"
      radius="sm"
      size={size}
      title={type.name}
      aria-label={`Type ${type.letter ?? 'undefined'}: ${type.name}`}
      style={{ flexShrink: 0 }}
      styles={{ label: { fontFamily: withName ? undefined : 'var(--mantine-font-family-monospace)' } }}
    >
      {withName ? `${type.letter ?? '?'} · ${type.name}` : (type.letter ?? '?')}
    </Badge>
  );
}

const statusColours = { Disabled: 'gray', Active: 'teal', 'In Planning': 'yellow' } as const;

export function ServiceStatusBadge({ status, size = 'sm' }: { status: number; size?: MantineSize }) {
  const name = serviceStatusName(status);
  return (
    <Badge color={statusColours[name as keyof typeof statusColours]} variant="outline" size={size}>
      {name}
    </Badge>
  );
}
