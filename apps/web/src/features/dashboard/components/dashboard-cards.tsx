import { Anchor, EmptyState, Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconAlertSquareRounded, IconRoute, IconSpeakerphone } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';

type CardProps = {
  title: string;
  icon: ComponentType<{ size?: number }>;
  colour: string;
  link?: { to: string; label: string };
  children: ReactNode;
};

function DashboardCard({ title, icon: Icon, colour, link, children }: CardProps) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <ThemeIcon variant="light" color={colour} radius="md" size={34}>
            <Icon size={18} />
          </ThemeIcon>
          <Text fw={600}>{title}</Text>
        </Group>
        {link && (
          <Anchor component={Link} to={link.to} fz="sm">
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Paper>
  );
}

// The dashboard's three panels. Their data areas are not live yet, so each says plainly what will
// appear and when, instead of showing zeros that look like real figures.
export function DashboardCards() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
      <DashboardCard
        title="Services"
        icon={IconRoute}
        colour="indigo"
        link={{ to: '/services', label: 'All services' }}
      >
        <EmptyState
          size="sm"
          py="md"
          title="No services to show yet"
          description="Your network services, their status and utilisation appear here once the services area is live."
        />
      </DashboardCard>
      <DashboardCard
        title="Network events"
        icon={IconSpeakerphone}
        colour="teal"
        link={{ to: '/events', label: 'All events' }}
      >
        <EmptyState
          size="sm"
          py="md"
          title="No current network events"
          description="Scheduled works, hazard windows and outages that affect you appear here once the events area is live."
        />
      </DashboardCard>
      <DashboardCard title="Items needing attention" icon={IconAlertSquareRounded} colour="orange">
        <EmptyState
          size="sm"
          py="md"
          title="Nothing needs your attention"
          description="Sites and services with missing details appear here once the sites and services areas are live."
        />
      </DashboardCard>
    </SimpleGrid>
  );
}
