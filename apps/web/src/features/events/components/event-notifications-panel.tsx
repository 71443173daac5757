import type { EventNotificationStatus } from '@lightpath/domain/events';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { Panel } from '../../../components/panel';
import { formatDateTime } from '../../../lib/format';

const statusColours: Record<EventNotificationStatus['status'], string> = {
  pending: 'yellow',
  sent: 'teal',
  failed: 'red',
};
const statusLabels: Record<EventNotificationStatus['status'], string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};

// The NOC's view of what became of each customer's notice: a failed one keeps being retried by the
// dispatcher, and its last error says why it has not gone out yet.
export function EventNotificationsPanel({
  notifications,
  revision,
}: {
  notifications: EventNotificationStatus[];
  revision: number;
}) {
  // Notices of earlier revisions stay listed; the revision column appears once there are several.
  const revisions = new Set(notifications.map((n) => n.revision)).size > 1 || revision > 1;
  return (
    <Panel title="Notifications" count={notifications.length}>
      {notifications.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No customer notifications were sent for this event.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Customer</Table.Th>
                {revisions && <Table.Th>Rev.</Table.Th>}
                <Table.Th>Status</Table.Th>
                <Table.Th>Ticket</Table.Th>
                <Table.Th>Sent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notifications.map((notice) => (
                <Table.Tr key={`${notice.customerid}-${notice.revision}`}>
                  <Table.Td>
                    <Text fz="sm" ff="monospace">
                      {notice.code}
                    </Text>
                  </Table.Td>
                  {revisions && (
                    <Table.Td>
                      <Text fz="sm">{notice.revision}</Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge size="sm" variant="light" color={statusColours[notice.status]}>
                        {statusLabels[notice.status]}
                      </Badge>
                      {notice.lasterror && (
                        <Text fz="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                          {notice.lasterror}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" ff="monospace">
                      {notice.ticketid ? `#${notice.ticketid}` : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                      {notice.sentat ? formatDateTime(notice.sentat) : '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}
