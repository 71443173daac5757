import type { AwxJob } from '@lightpath/domain/awx';
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { SortableTh } from '../../../components/sortable-th';
import { formatDateTime } from '../../../lib/format';
import { jobDuration, jobHref } from '../job-format';
import { JobStatusBadge } from './job-status-badge';

type Props = { jobs: AwxJob[]; sort: string; onSort: (sort: string) => void };

function JobLink({ job }: { job: AwxJob }) {
  return (
    <Anchor component={Link} to={jobHref(job)} fz="sm" fw={600}>
      {job.name}
    </Anchor>
  );
}

// Hosts as names, the first three and a count of the rest, so a fifty-device job keeps one row.
export function hostsText(hosts: string[]): string {
  if (hosts.length <= 3) return hosts.join(', ');
  return `${hosts.slice(0, 3).join(', ')} and ${hosts.length - 3} more`;
}

const dash = (
  <Text span c="dimmed" fz="sm">
    —
  </Text>
);

function JobCards({ jobs }: { jobs: AwxJob[] }) {
  return (
    <Stack gap="xs">
      {jobs.map((job) => (
        <Paper key={job.id} withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <JobLink job={job} />
              <JobStatusBadge status={job.status} />
            </Group>
            <Text fz="xs" c="dimmed" ff="monospace">
              #{job.id} · {hostsText(job.hosts)}
            </Text>
            <Text fz="xs" c="dimmed">
              {job.launchedby} · {formatDateTime(job.started ?? job.created)}
              {jobDuration(job) ? ` · ${jobDuration(job)}` : ''}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function JobsTable({ jobs, sort, onSort }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <JobCards jobs={jobs} />;
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <SortableTh field="name" sort={sort} onSort={onSort}>
              Name
            </SortableTh>
            <SortableTh field="status" sort={sort} onSort={onSort}>
              Status
            </SortableTh>
            <Table.Th>Hosts</Table.Th>
            <Table.Th>Launched by</Table.Th>
            <SortableTh field="created" sort={sort} onSort={onSort}>
              Started
            </SortableTh>
            <Table.Th>Finished</Table.Th>
            <Table.Th>Duration</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id}>
              <Table.Td ff="monospace" fz="sm">
                {job.id}
              </Table.Td>
              <Table.Td>
                <JobLink job={job} />
              </Table.Td>
              <Table.Td>
                <JobStatusBadge status={job.status} />
              </Table.Td>
              <Table.Td fz="sm" ff="monospace" maw={260}>
                {job.hosts.length ? hostsText(job.hosts) : dash}
              </Table.Td>
              <Table.Td fz="sm">{job.launchedby}</Table.Td>
              <Table.Td fz="sm">{job.started ? formatDateTime(job.started) : dash}</Table.Td>
              <Table.Td fz="sm">{job.finished ? formatDateTime(job.finished) : dash}</Table.Td>
              <Table.Td fz="sm">{jobDuration(job) ?? dash}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
