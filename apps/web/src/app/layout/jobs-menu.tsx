import { awxMessages } from '@lightpath/domain/awx';
import { Indicator, usePopoverContext } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { WatchedJobsList } from '../../features/jobs/components/watched-jobs-list';
import { useWatchedJobs } from '../../features/jobs/use-watched-jobs';
import { useSession } from '../../lib/session';
import { HeaderPopover } from './header-popover';

// Following a job's link closes the dropdown, as following 'AWX jobs' does.
function WatchedJobsInPopover({
  watched,
  emptyTitle,
}: {
  watched: ReturnType<typeof useWatchedJobs>;
  emptyTitle: string;
}) {
  const popover = usePopoverContext();
  return (
    <WatchedJobsList
      jobs={watched.jobs}
      loading={watched.query.isPending}
      failed={watched.query.isError}
      emptyTitle={emptyTitle}
      onRemove={watched.remove}
      onClear={watched.clear}
      onFollow={popover.onClose}
    />
  );
}

// Spec 2.3 and 4: the watched automation jobs. The list is the server's, so it survives a reload; it
// refreshes every 10 s only while one of them is ongoing (use-watched-jobs.ts).
export function JobsMenu() {
  const { actor } = useSession();
  const watched = useWatchedJobs();
  const count = watched.jobs.length;
  const running = watched.jobs.filter((job) => !job.ended).length;
  const shown = count > 9 ? '9+' : String(count);
  const badge = count === 0 ? undefined : `${count} watched${running > 0 ? `, ${running} running` : ''}`;
  return (
    <HeaderPopover
      label="Watched jobs"
      badge={badge}
      icon={
        <Indicator
          inline
          size={16}
          offset={2}
          color="indigo"
          label={shown}
          disabled={count === 0}
          data-testid="watched-jobs-count"
          processing={running > 0}
        >
          <IconRobot size={20} />
        </Indicator>
      }
      allLink={{ to: '/jobs', label: 'AWX jobs' }}
      width={340}
    >
      <WatchedJobsInPopover
        watched={watched}
        emptyTitle={actor.type === 1 ? awxMessages.noJobsRunning : 'No watched jobs'}
      />
    </HeaderPopover>
  );
}
