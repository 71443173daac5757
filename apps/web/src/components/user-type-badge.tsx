import { type UserType, userTypeColours, userTypeNames } from '@lightpath/domain/user-types';
import { Badge, type MantineSize } from '@mantine/core';

export function UserTypeBadge({ type, size = 'sm' }: { type: UserType; size?: MantineSize }) {
  return (
    <Badge color={userTypeColours[type]} variant="light" size={size} style={{ flexShrink: 0 }}>
      {userTypeNames[type]}
    </Badge>
  );
}
