import { awxJobEnded, awxMessages, awxOperationInfo, isAwxOperation } from '@lightpath/domain/awx';
import { can } from '@lightpath/domain/permissions';
import { Alert, Anchor, Button, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconEye, IconPlayerStop } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailPageGate, MainAndSideSkeleton } from '../../../components/detail-page-gate';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { useCancelJob } from '../../../features/jobs/api/cancel-job';
import { useJob } from '../../../features/jobs/api/get-job';
import { downloadJobOutput, useJobOutput } from '../../../features/jobs/api/get-job-output';
import { HostSummariesTable } from '../../../features/jobs/components/host-summaries-table';
import { JobOutputPanel } from '../../../features/jobs/components/job-output-panel';
import { JobResult } from '../../../features/jobs/components/job-result';
import { JobStatusBadge } from '../../../features/jobs/components/job-status-badge';
import { jobDuration } from '../../../features/jobs/job-format';
import { useWatchedJobs, watchAndRemember } from '../../../features/jobs/use-watched-jobs';
import { Fact, FactList } from '../../../features/services/components/fact-list';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLiveStreamConnected } from '../../../lib/live-status';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

const crumbs = [{ label: 'AWX Jobs', to: '/jobs' }];
// Without the live stream a running job's page asks for news this often.
const fallbackPollMs = 2_000;

export function JobPage() {
  const { jobid: raw = '' } = useParams();
  const jobid = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const valid = jobid > 0 && jobid <= 2_147_483_647;
  const { actor } = useSession();
  const allowed = can(actor, 'jobs.manage');
  const queryClient = useQueryClient();
  const live = useLiveStreamConnected();
  // The live stream refreshes the job and its output; while it is down, a running job is asked every 2 s.
  const pollMs = live ? false : fallbackPollMs;
  const query = useJob(jobid, allowed && valid, pollMs);
  const running = query.data ? !awxJobEnded(query.data.status) : false;
  const output = useJobOutput(jobid, allowed && valid && query.isSuccess, pollMs);
  const watched = useWatchedJobs(allowed);
  const cancel = useCancelJob();
  const [watching, setWatching] = useState(false);
  usePageTitle(query.data ? `Job ${query.data.id} ${query.data.name}` : `Job ${raw}`);

  if (!allowed || !valid || !query.isSuccess) {
    return (
      <DetailPageGate
        allowed={allowed}
        valid={valid}
        query={query}
        title={`Job ${raw}`}
        crumbs={[...crumbs, { label: `Job ${raw}` }]}
        noAccessWhat="AWX jobs"
        recordWhat="job"
        notFoundMessage={awxMessages.jobNotFound}
        loadingHeader={{
          title: <Skeleton h={28} w={260} />,
          description: awxMessages.retrieving(jobid),
          crumbs: [...crumbs, { label: '…' }],
        }}
        skeleton={<MainAndSideSkeleton main={[120, 380]} />}
      />
    );
  }

  const job = query.data;
  const operation = isAwxOperation(job.operation) ? awxOperationInfo[job.operation] : null;
  const isWatched = watched.jobs.some((j) => j.id === job.id);
  const lines = output.data?.lines ?? [];

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Cancel job',
      children: (
        <Text fz="sm">
          Cancel job {job.id}, <strong>{job.name}</strong>, on {job.hosts.join(', ')}? AWX stops it where it
          is; what it has already done on the devices stays done.
        </Text>
      ),
      labels: { confirm: 'Cancel job', cancel: 'Keep running' },
      confirmProps: { color: 'red', leftSection: <IconPlayerStop size={16} /> },
      onConfirm: () =>
        cancel.mutate(job.id, {
          onSuccess: ({ message }) => notify.success(message ?? `Job ${job.id} cancelled`),
          onError: (error) => {
            if (needsToast(error)) notify.warning(errorMessage(error, awxMessages.loadFailed));
          },
        }),
    });

  const watch = async () => {
    setWatching(true);
    try {
      await watchAndRemember(queryClient, job.id);
      notify.success(awxMessages.watching);
    } catch (error) {
      if (needsToast(error)) notify.warning(errorMessage(error, awxMessages.loadFailed));
    } finally {
      setWatching(false);
    }
  };

  const download = async () => {
    try {
      await downloadJobOutput(job.id);
    } catch (error) {
      if (needsToast(error)) notify.warning(errorMessage(error, awxMessages.loadFailed));
    }
  };

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span" wrap="wrap">
            <span>
              Job {job.id}: {job.name}
            </span>
            <JobStatusBadge status={job.status} size="lg" />
          </Group>
        }
        description={
          <>
            {operation?.label ?? job.operation} on {job.hosts.length}{' '}
            {job.hosts.length === 1 ? 'device' : 'devices'}, launched by {job.launchedby}
          </>
        }
        crumbs={[...crumbs, { label: `Job ${job.id}` }]}
        actions={
          <>
            {!isWatched && (
              <Button
                variant="default"
                leftSection={<IconEye size={16} />}
                onClick={watch}
                loading={watching}
              >
                Watch
              </Button>
            )}
            {running && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconPlayerStop size={16} />}
                onClick={confirmCancel}
                loading={cancel.isPending}
              >
                Cancel job
              </Button>
            )}
          </>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            {job.explanation && (
              <Alert
                color={job.status === 'failed' || job.status === 'error' ? 'red' : 'yellow'}
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                title="AWX says"
              >
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {job.explanation}
                </Text>
              </Alert>
            )}
            {job.result && (
              <Panel title={operation?.label ?? 'Result'}>
                <JobResult result={job.result} />
              </Panel>
            )}
            <Panel title="Output">
              <JobOutputPanel
                lines={lines}
                running={running}
                loading={output.isPending}
                onDownload={download}
              />
            </Panel>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Panel title="Details">
              <FactList>
                <Fact label="Status">
                  <JobStatusBadge status={job.status} />
                </Fact>
                <Fact label="Operation">{job.operation}</Fact>
                <Fact label="Launched by">{job.launchedby}</Fact>
                {job.serviceid && (
                  <Fact label="Service">
                    <Anchor component={Link} to={`/service/${job.serviceid}`} fz="sm">
                      {job.serviceid}
                    </Anchor>
                  </Fact>
                )}
                <Fact label="Created">{formatDateTime(job.created)}</Fact>
                <Fact label="Started">{job.started ? formatDateTime(job.started) : '—'}</Fact>
                <Fact label="Finished">{job.finished ? formatDateTime(job.finished) : '—'}</Fact>
                <Fact label="Duration">{jobDuration(job) ?? '—'}</Fact>
                <Fact label="AWX">
                  {job.instance}
                  {job.awxjobid !== null ? ` · job ${job.awxjobid}` : ''}
                </Fact>
              </FactList>
            </Panel>
            <Panel title="Hosts" count={job.hostsummaries.length || job.hosts.length}>
              {job.hostsummaries.length > 0 ? (
                <HostSummariesTable summaries={job.hostsummaries} />
              ) : (
                <Text fz="sm" ff="monospace">
                  {job.hosts.join(', ')}
                </Text>
              )}
            </Panel>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
