import { Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

// A titled card of the detail pages (service, network, site); `count` follows the title in grey.
export function Panel({
  title,
  count,
  actions,
  children,
}: {
  title: string;
  count?: number | undefined;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      shadow="xs"
      component="section"
      aria-label={title}
    >
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} fz="md">
          {title}
          {count !== undefined && (
            <Text span c="dimmed" fz="sm" ml={6}>
              ({count})
            </Text>
          )}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
