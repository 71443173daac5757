import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type Crumb = { label: string; to?: string };

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  crumbs?: Crumb[];
  actions?: ReactNode;
};

export function PageHeader({ title, description, crumbs = [], actions }: PageHeaderProps) {
  const trail: Crumb[] = [{ label: 'Home', to: '/' }, ...crumbs];
  return (
    <Stack gap={6} mb="lg">
      <Breadcrumbs separatorMargin={6} aria-label="Breadcrumb" fz="sm">
        {trail.map((crumb, index) =>
          crumb.to && index < trail.length - 1 ? (
            <Anchor key={crumb.label} component={Link} to={crumb.to} fz="sm" c="dimmed">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label} fz="sm" c={index === trail.length - 1 ? undefined : 'dimmed'}>
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" fz="sm">
              {description}
            </Text>
          )}
        </Stack>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
