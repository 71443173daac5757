import { EmptyState } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { useSession } from '../../lib/session';
import { HeaderPopover } from './header-popover';

// Watched automation jobs. Nothing can be watched until the jobs area exists, so this is always the
// empty list; spec 6 reserves the 'No jobs running' wording for type 1.
export function JobsMenu() {
  const { actor } = useSession();
  return (
    <HeaderPopover
      label="Watched jobs"
      icon={<IconRobot size={20} />}
      allLink={{ to: '/jobs', label: 'AWX jobs' }}
      width={300}
    >
      <EmptyState
        py="lg"
        px="md"
        size="sm"
        icon={<IconRobot size={22} />}
        title={actor.type === 1 ? 'No jobs running' : 'No watched jobs'}
        description="Jobs you start or watch show their progress here."
      />
    </HeaderPopover>
  );
}
