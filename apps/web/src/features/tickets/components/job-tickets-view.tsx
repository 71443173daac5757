import { can } from '@lightpath/domain/permissions';
import { formatTicketTime, type TicketListRow } from '@lightpath/domain/tickets';
import { Anchor, Button, EmptyState, Group, Paper, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconClipboardList, IconMapPin, IconPlus } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListFooter } from '../../../components/list-footer';
import { LoadError } from '../../../components/load-error';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useSession } from '../../../lib/session';
import { displayTimeZone } from '../../../lib/time-zone';
import { useListParams } from '../../../lib/use-list-params';
import { ticketQuery } from '../api/get-ticket';
import { useTickets } from '../api/list-tickets';
import { TicketStatusBadge } from './ticket-badges';
import { ticketRoute } from './tickets-table';

const pageSize = 25;

// A list row may already carry the job's scheduled time; when it does not, the ticket itself is asked.
type JobRow = TicketListRow & { starttime?: number | null };

// What is known of a job's scheduled time: seconds, none set, still asking, or not answered.
type ScheduledTime = number | null | 'loading' | 'unknown';

// The scheduled time of each job on the page. These are few (one technician's jobs) and the answers
// are the very records the ticket page opens with, so they are not wasted.
function useScheduledTimes(rows: JobRow[]): Map<number, ScheduledTime> {
  const missing = rows.filter((row) => row.starttime === undefined);
  const details = useQueries({ queries: missing.map((row) => ticketQuery(row.ticketid)) });
  const times = new Map<number, ScheduledTime>();
  for (const row of rows) if (row.starttime !== undefined) times.set(row.ticketid, row.starttime);
  missing.forEach((row, index) => {
    const detail = details[index];
    times.set(row.ticketid, detail?.data ? detail.data.starttime : detail?.isError ? 'unknown' : 'loading');
  });
  return times;
}

function Scheduled({ time }: { time: ScheduledTime | undefined }) {
  if (typeof time === 'number') return <>{formatTicketTime(time, displayTimeZone())}</>;
  const text = time === null ? 'Not scheduled' : time === 'unknown' ? '—' : '…';
  return (
    <Text span fz="sm" c="dimmed" aria-busy={time === 'loading' || undefined}>
      {text}
    </Text>
  );
}

// Spec 2.2: the technician's home is their job tickets, newest first (the server lists only the jobs
// assigned to them), each leading to the ticket.
export function JobTicketsView() {
  const { actor } = useSession();
  const createJobs = can(actor, 'jobtickets.manage');
  const list = useListParams();
  const tickets = useTickets({
    kind: 'job',
    sort: '-created_at',
    limit: pageSize,
    offset: (list.page - 1) * pageSize,
  });
  const rows: JobRow[] = tickets.data?.results ?? [];
  const scheduled = useScheduledTimes(rows);

  const newJob = createJobs && (
    <Button component={Link} to="/technician-job-creator" leftSection={<IconPlus size={16} />}>
      New job
    </Button>
  );

  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-label="Job Tickets">
      <Group gap="sm" mb="sm" justify="space-between">
        <Group gap="sm">
          <ThemeIcon variant="light" color="cyan" radius="md" size={34}>
            <IconClipboardList size={18} />
          </ThemeIcon>
          <Text fw={600}>Job Tickets</Text>
        </Group>
        {rows.length > 0 && newJob}
      </Group>
      {tickets.isPending ? (
        <TableSkeleton rows={3} />
      ) : tickets.isError ? (
        <LoadError error={tickets.error} what="job tickets" onRetry={() => tickets.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconClipboardList size={28} />}
          variant="light"
          color="cyan"
          title="No job tickets assigned"
          description="Field jobs assigned to you appear here. Raise one yourself with New job when the NOC asks you to."
        >
          <EmptyState.Actions>
            {newJob}
            <Button component={Link} to="/sites" variant="default" leftSection={<IconMapPin size={16} />}>
              PoP Sites
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Site</Table.Th>
                  <Table.Th>Scheduled</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.ticketid}>
                    <Table.Td>
                      <Stack gap={2}>
                        <Anchor
                          component={Link}
                          to={ticketRoute(row.ticketid)}
                          fw={600}
                          fz="sm"
                          lineClamp={2}
                        >
                          {row.subject || `Ticket #${row.ticketid}`}
                        </Anchor>
                        <Text fz="xs" c="dimmed" ff="monospace">
                          #{row.ticketid}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{row.sitename ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">
                        <Scheduled time={scheduled.get(row.ticketid)} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TicketStatusBadge status={row.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {tickets.data.count > pageSize && (
            <ListFooter
              count={tickets.data.count}
              page={list.page}
              pageSize={pageSize}
              noun="job tickets"
              onPage={(page) => list.set({ page: String(page) }, { resetPage: false })}
            />
          )}
        </>
      )}
    </Paper>
  );
}
