import { EmptyState } from '@mantine/core';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { HeaderPopover } from './header-popover';

// Latest network events. The events area is not live yet, so there is nothing to poll: the popover
// shows the calm state an operator expects when nothing is happening.
export function EventsBell() {
  return (
    <HeaderPopover
      label="Network events"
      icon={<IconBell size={20} />}
      allLink={{ to: '/events', label: 'All events' }}
    >
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
    </HeaderPopover>
  );
}
