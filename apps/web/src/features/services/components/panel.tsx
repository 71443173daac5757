import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

// A titled card of the service and network pages.
export function Panel({
  title,
  actions,
  children,
}: {
  title: string;
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
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
