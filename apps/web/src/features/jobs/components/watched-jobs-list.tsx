import { type AwxJob, awxMessages } from '@lightpath/domain/awx';
import {
  ActionIcon,
  Box,
  Button,
  EmptyState,
  Group,
  NavLink,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconRobot, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { jobHref } from '../job-format';
import { JobStatusBadge } from './job-status-badge';
import { hostsText } from './jobs-table';

type Props = {
  jobs: AwxJob[];
  loading: boolean;
  failed: boolean;
  // Spec 6: 'No jobs running' is the NOC's wording for an empty list.
  emptyTitle: string;
  onRemove: (jobid: number) => Promise<unknown>;
  onClear: () => Promise<unknown>;
  // Following a job's link closes the dropdown that holds the list.
  onFollow?: () => void;
};

function JobRow({ job, onRemove, onFollow }: { job: AwxJob } & Pick<Props, 'onRemove' | 'onFollow'>) {
  return (
    <Group gap={4} wrap="nowrap" pr="xs">
      <NavLink
        component={Link}
        to={jobHref(job)}
        onClick={onFollow}
        px="md"
        py={8}
        style={{ flex: 1, minWidth: 0 }}
        label={
          <Group gap={6} wrap="nowrap">
            <JobStatusBadge status={job.status} size="xs" />
            <Text fz="sm" fw={500} truncate>
              {job.name}
            </Text>
          </Group>
        }
        description={
          <Text component="span" fz="xs" c="dimmed" display="block" truncate>
            #{job.id} · {hostsText(job.hosts)}
          </Text>
        }
      />
      <Tooltip label="Stop watching">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Stop watching job ${job.id} ${job.name}`}
          onClick={() =>
            onRemove(job.id).catch((error) => notify.warning(errorMessage(error, awxMessages.loadFailed)))
          }
        >
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

// Spec 2.3: the watched jobs, each with its status and a link to its page; remove one or clear them.
export function WatchedJobsList({ jobs, loading, failed, emptyTitle, onRemove, onClear, onFollow }: Props) {
  if (loading) {
    return (
      <Stack gap="sm" p="md" aria-label="Loading watched jobs" aria-busy>
        <Skeleton h={12} w="80%" />
        <Skeleton h={12} w="60%" />
      </Stack>
    );
  }
  if (failed) {
    return (
      <Text px="md" py="lg" fz="sm" c="red.7" role="alert">
        {awxMessages.loadFailed}
      </Text>
    );
  }
  if (jobs.length === 0) {
    return (
      <EmptyState
        py="lg"
        px="md"
        size="sm"
        icon={<IconRobot size={22} />}
        title={emptyTitle}
        description="Jobs you start or watch show their progress here."
      />
    );
  }
  return (
    <>
      <ScrollArea.Autosize mah={380} type="auto">
        <Box py={4} data-testid="watched-jobs">
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} onRemove={onRemove} onFollow={onFollow} />
          ))}
        </Box>
      </ScrollArea.Autosize>
      <Group justify="flex-end" px="md" py="xs">
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          onClick={() =>
            onClear()
              .then(() => notify.info(awxMessages.watchCleared))
              .catch((error) => notify.warning(errorMessage(error, awxMessages.loadFailed)))
          }
        >
          Clear all
        </Button>
      </Group>
    </>
  );
}
