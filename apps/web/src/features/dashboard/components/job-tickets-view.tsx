import { Button, EmptyState, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconClipboardList, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';

// Spec 2.2: the technician's home is the job-ticket list. Tickets are not live yet.
export function JobTicketsView() {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-label="Job Tickets">
      <Group gap="sm" mb="sm">
        <ThemeIcon variant="light" color="cyan" radius="md" size={34}>
          <IconClipboardList size={18} />
        </ThemeIcon>
        <Text fw={600}>Job Tickets</Text>
      </Group>
      <EmptyState
        py="xl"
        icon={<IconClipboardList size={28} />}
        variant="light"
        color="cyan"
        title="No job tickets assigned"
        description="Field jobs assigned to you appear here once the tickets area is live. Until then the NOC will contact you directly."
      >
        <EmptyState.Actions>
          <Button component={Link} to="/sites" variant="default" leftSection={<IconMapPin size={16} />}>
            PoP Sites
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
