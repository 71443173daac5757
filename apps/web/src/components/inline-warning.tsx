import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// A one-line warning in place of data that could not be read (spec 8's 'An error occurred retrieving
// …'). The icon carries the colour; the words keep the body colour, since yellow text on white or on
// the dark theme's panels misses WCAG's 4.5:1 (axe found it on the service page, issue 19).
export function InlineWarning({
  children,
  role = 'status',
}: {
  children: ReactNode;
  role?: 'status' | 'alert';
}) {
  return (
    <Group gap={6} wrap="nowrap" role={role} align="flex-start">
      <IconAlertTriangle
        size={16}
        color="var(--mantine-color-yellow-7)"
        aria-hidden="true"
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Text fz="sm">{children}</Text>
    </Group>
  );
}
