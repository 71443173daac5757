import { type SearchKind, searchKinds } from '@lightpath/domain/search';
import { Badge, type MantineSize } from '@mantine/core';

// One colour per kind, so a list of mixed results can be scanned by kind.
export const searchKindColours: Record<SearchKind, string> = {
  service: 'indigo',
  circuit: 'violet',
  site: 'teal',
  vpls: 'grape',
  internet: 'green',
  l3vpn: 'orange',
  interconnect: 'cyan',
  user: 'blue',
  contact: 'pink',
  event: 'red',
  equipment: 'gray',
  thirdparty: 'lime',
};

export function SearchKindBadge({ kind, size = 'xs' }: { kind: SearchKind; size?: MantineSize }) {
  return (
    <Badge size={size} variant="light" color={searchKindColours[kind]} style={{ flexShrink: 0 }}>
      {searchKinds[kind]}
    </Badge>
  );
}
