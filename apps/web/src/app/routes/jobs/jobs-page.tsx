import { type AwxJobStatus, awxJobStatuses, awxMessages } from '@lightpath/domain/awx';
import { can } from '@lightpath/domain/permissions';
import { Badge, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRobot, IconSearch } from '@tabler/icons-react';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { type ListJobsParams, useJobs } from '../../../features/jobs/api/list-jobs';
import { JobsTable } from '../../../features/jobs/components/jobs-table';
import { jobStatusLabel } from '../../../features/jobs/job-format';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;
const title = 'AWX Jobs';
const crumbs = [{ label: title }];
// LoadError's title is 'An error occurred retrieving ' and this noun: spec 8's 'AWX Jobs'.
const loadNoun = awxMessages.loadFailed.replace('An error occurred retrieving ', '');
const statusOptions = awxJobStatuses.map((status) => ({ value: status, label: jobStatusLabel(status) }));
const ongoingOptions = [
  { value: 'true', label: 'Ongoing' },
  { value: 'false', label: 'Ended' },
];
const isStatus = (value: string): value is AwxJobStatus =>
  (awxJobStatuses as readonly string[]).includes(value);

export function JobsPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'jobs.manage');
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const statusParam = list.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const ongoingParam = list.get('ongoing');
  const ongoing = ongoingParam === 'true' ? true : ongoingParam === 'false' ? false : undefined;
  const sort = list.get('sort');
  usePageTitle(title);

  const filters: Omit<ListJobsParams, 'limit' | 'offset'> = {
    q: q || undefined,
    status,
    ongoing,
    sort: sort || undefined,
  };
  const jobs = useJobs({ ...filters, limit: pageSize, offset: (list.page - 1) * pageSize }, allowed);
  // Spec 6: 'No jobs running' is the NOC's (type 1) line only.
  const running = useJobs({ ongoing: true, limit: 1, offset: 0 }, allowed && actor.type === 1);

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="AWX jobs" />
      </>
    );
  }

  const filtered = Boolean(list.get('q') || status || ongoing !== undefined);

  return (
    <>
      <PageHeader
        title={title}
        description="Device operations run through AWX: who started them, on which devices, and how they ended."
        crumbs={crumbs}
        actions={
          <ExportCsvButton
            path="export/jobs"
            query={filters}
            filename="awx-jobs.csv"
            disabled={!jobs.data || jobs.data.count === 0}
          />
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-end">
          <TextInput
            aria-label="Search jobs"
            placeholder="Search by name, device or who launched it"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          <Select
            aria-label="Filter by status"
            placeholder="Any status"
            clearable
            data={statusOptions}
            value={status ?? null}
            onChange={(value) => list.set({ status: value })}
            w={{ base: '100%', xs: 160 }}
          />
          <Select
            aria-label="Ongoing or ended"
            placeholder="Ongoing and ended"
            clearable
            data={ongoingOptions}
            value={ongoing === undefined ? null : String(ongoing)}
            onChange={(value) => list.set({ ongoing: value })}
            w={{ base: '100%', xs: 190 }}
          />
          {running.data && running.data.count === 0 && (
            <Badge variant="light" color="gray" size="lg" data-testid="no-jobs-running">
              {awxMessages.noJobsRunning}
            </Badge>
          )}
        </Group>
        <ListPanel
          list={jobs}
          params={list}
          pageSize={pageSize}
          noun="jobs"
          what={loadNoun}
          empty={{
            icon: <IconRobot size={28} />,
            description:
              'Run a device operation from a shelf or from the equipment list; its job appears here.',
          }}
          noMatch={
            filtered && {
              onClear: () => list.set({ q: null, status: null, ongoing: null }),
            }
          }
        >
          {(page) => (
            <JobsTable jobs={page.results} sort={sort} onSort={(next) => list.set({ sort: next })} />
          )}
        </ListPanel>
      </Paper>
    </>
  );
}
