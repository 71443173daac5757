import { ActionIcon, Anchor, Divider, EmptyState, Group, Popover, Text, Tooltip } from '@mantine/core';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

// Latest network events. The events area is not live yet, so there is nothing to poll: the popover
// shows the calm state an operator expects when nothing is happening.
export function EventsBell() {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label="Network events" disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Network events"
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600} fz="sm">
            Network events
          </Text>
          <Anchor component={Link} to="/events" fz="xs" onClick={() => setOpened(false)}>
            All events
          </Anchor>
        </Group>
        <Divider />
        <EmptyState
          py="lg"
          px="md"
          size="sm"
          icon={<IconBellCheck size={22} />}
          variant="light"
          color="teal"
          title="No current network events"
          description="Outages, scheduled works and hazard windows affecting you will appear here."
        />
      </Popover.Dropdown>
    </Popover>
  );
}
