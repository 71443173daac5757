import { ActionIcon, Anchor, Divider, EmptyState, Group, Popover, Text, Tooltip } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';

// Watched automation jobs. Nothing can be watched until the jobs area exists, so this is always the
// empty list; spec 6 reserves the 'No jobs running' wording for type 1.
export function JobsMenu() {
  const { actor } = useSession();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} width={300} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label="Watched jobs" disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Watched jobs"
            onClick={() => setOpened((o) => !o)}
          >
            <IconRobot size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600} fz="sm">
            Watched jobs
          </Text>
          <Anchor component={Link} to="/jobs" fz="xs" onClick={() => setOpened(false)}>
            AWX jobs
          </Anchor>
        </Group>
        <Divider />
        <EmptyState
          py="lg"
          px="md"
          size="sm"
          icon={<IconRobot size={22} />}
          title={actor.type === 1 ? 'No jobs running' : 'No watched jobs'}
          description="Jobs you start or watch show their progress here."
        />
      </Popover.Dropdown>
    </Popover>
  );
}
