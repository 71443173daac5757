import { accessTypeLabel } from '@lightpath/domain/access';
import { Anchor, Badge, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDoorEnter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { TableSkeleton } from '../../../components/table-skeleton';
import { formatDateTime } from '../../../lib/format';
import { useAccessRequests } from '../api/list-access-requests';

// A site's latest access requests (GET site/{siteid}/access), newest first, each with its ticket.
export function SiteAccessRequestsPanel({ siteid }: { siteid: number }) {
  const requests = useAccessRequests(siteid);
  return (
    <Panel title="Site access requests" count={requests.data?.count}>
      {requests.isPending ? (
        <TableSkeleton rows={2} />
      ) : requests.isError ? (
        <LoadError error={requests.error} what="site access requests" onRetry={() => requests.refetch()} />
      ) : requests.data.results.length === 0 ? (
        <EmptyState
          py="lg"
          size="sm"
          icon={<IconDoorEnter size={22} />}
          title="No access requests yet"
          description="Requests made with Request access appear here with their tickets."
        />
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {requests.data.results.map((request) => (
            <Paper component="li" key={request.requestid} withBorder radius="md" p="sm">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs">
                  <Text fz="sm" fw={500}>
                    {formatDateTime(request.datetime)} · {request.technician}
                  </Text>
                  {request.ticketid !== null && (
                    <Anchor component={Link} to={`/ticket/${request.ticketid}`} fz="sm">
                      Ticket #{request.ticketid}
                    </Anchor>
                  )}
                </Group>
                <Group gap={6}>
                  <Badge size="sm" variant="light" color="gray">
                    {accessTypeLabel(request.accesstype)}
                  </Badge>
                  {request.reason && (
                    <Badge size="sm" variant="outline" color="gray" tt="none">
                      {request.reason}
                    </Badge>
                  )}
                  {request.emergency && (
                    <Badge size="sm" color="red" variant="light">
                      Emergency
                    </Badge>
                  )}
                  {request.serviceaffecting && (
                    <Badge size="sm" color="orange" variant="light">
                      Service affecting
                    </Badge>
                  )}
                </Group>
                {request.requestedby && (
                  <Text fz="xs" c="dimmed">
                    Requested by {request.requestedby} {`on ${formatDateTime(request.createdat)}`}
                  </Text>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
