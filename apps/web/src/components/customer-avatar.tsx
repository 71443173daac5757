import { customerInitials } from '@lightpath/domain/customers';
import { Avatar, type MantineSize } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';

const palette = ['indigo', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'violet', 'blue', 'red'];

// A stable colour per customer, so the same customer always looks the same without a logo.
function colourFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return palette[hash % palette.length] ?? 'indigo';
}

type Props = {
  customer: { customername: string; logo64: string | null };
  size?: MantineSize | number;
  radius?: MantineSize;
};

export function CustomerAvatar({ customer, size = 'md', radius = 'sm' }: Props) {
  if (customer.logo64) {
    return (
      <Avatar
        src={customer.logo64}
        alt={`${customer.customername} logo`}
        size={size}
        radius={radius}
        styles={{ image: { objectFit: 'contain' } }}
        bg="white"
      />
    );
  }
  const initials = customerInitials(customer.customername);
  // No name yet (a new customer being typed in): a neutral building rather than a '?'.
  if (initials === '?') {
    return (
      <Avatar size={size} radius={radius} color="gray" variant="light" aria-label="No logo">
        <IconBuildingCommunity size="60%" stroke={1.5} />
      </Avatar>
    );
  }
  return (
    <Avatar
      size={size}
      radius={radius}
      color={colourFor(customer.customername)}
      variant="light"
      aria-label={`${customer.customername} (no logo)`}
    >
      {initials}
    </Avatar>
  );
}
