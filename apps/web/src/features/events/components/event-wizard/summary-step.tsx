import type { EventNotificationStatus, PreflightCustomer } from '@lightpath/domain/events';
import { Badge, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { WizardOutcome, WizardRecordLink } from '../../../../components/wizard-outcome';

type Props = {
  heading: ReactNode;
  eventid: number | null;
  editing: boolean;
  // The revision this save made (the reply's event), to tell its notices from earlier saves' ones.
  revision: number | null;
  notifications: EventNotificationStatus[];
  // The confirmed plan, for the customers' names (a status names only the code).
  customers: PreflightCustomer[];
  sendnotification: boolean;
  onOpenEvent: () => void;
};

const statusColours = { pending: 'gray', sent: 'teal', failed: 'red' } as const;
const statusLabels = { pending: 'Queued', sent: 'Sent', failed: 'Failed' } as const;

// The notices grouped by the revision that sent them, this save's first: after an edit a customer
// appears once per save that told it, and each block says which save that was.
export function noticesByRevision(
  notifications: readonly EventNotificationStatus[],
  revision: number | null,
) {
  const current = revision ?? Math.max(0, ...notifications.map((n) => n.revision));
  const groups = new Map<number, EventNotificationStatus[]>();
  for (const notice of notifications) {
    const group = groups.get(notice.revision);
    if (group) group.push(notice);
    else groups.set(notice.revision, [notice]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => b - a)
    .map(([number, notices]) => ({
      revision: number,
      current: number === current,
      caption:
        number === current
          ? `Revision ${number}: this save`
          : `Revision ${number}: an earlier save (already sent, not sent again)`,
      notices,
    }));
}

// Page three: the event's number, and what became of each customer's notice.
export function SummaryStep({
  heading,
  eventid,
  editing,
  revision,
  notifications,
  customers,
  sendnotification,
  onOpenEvent,
}: Props) {
  const names = new Map(customers.map((c) => [c.customerid, c.customername]));
  const blocks = noticesByRevision(notifications, revision);
  // A new event has one revision: no caption is needed to tell blocks apart.
  const captioned = blocks.length > 1 || editing;
  return (
    <Stack gap="md">
      {heading}
      <WizardOutcome>
        {eventid === null ? (
          editing ? (
            'The event was saved.'
          ) : (
            'The event was created.'
          )
        ) : (
          <>
            {editing ? 'Saved ' : 'Created '}
            <WizardRecordLink to={`/event/${eventid}`} onOpen={onOpenEvent}>
              Event #{eventid}
            </WizardRecordLink>
            .
          </>
        )}
      </WizardOutcome>
      {!sendnotification ? (
        <Text fz="sm" c="dimmed">
          Notifications were switched off: no customer was told.
        </Text>
      ) : notifications.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No customer had anyone to notify.
        </Text>
      ) : (
        blocks.map((block) => (
          <Table.ScrollContainer minWidth={420} key={block.revision}>
            <Table
              withTableBorder
              verticalSpacing={6}
              captionSide="top"
              aria-label={block.current ? 'Notifications' : `Notifications of revision ${block.revision}`}
            >
              {captioned && (
                <Table.Caption ta="left" fw={600} c={block.current ? undefined : 'dimmed'}>
                  {block.caption}
                </Table.Caption>
              )}
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Ticket</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {block.notices.map((notice) => (
                  <Table.Tr key={`${notice.customerid}-${notice.revision}`}>
                    <Table.Td>
                      <Text fz="sm" fw={500} span>
                        {notice.code}
                      </Text>
                      {names.has(notice.customerid) && (
                        <Text fz="sm" c="dimmed" span>
                          {` · ${names.get(notice.customerid)}`}
                        </Text>
                      )}
                      {notice.lasterror && (
                        <Text fz="xs" c="red">
                          {notice.lasterror}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={statusColours[notice.status]}>
                        {statusLabels[notice.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{notice.ticketid ? `#${notice.ticketid}` : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))
      )}
      {sendnotification && notifications.some((n) => n.status === 'pending') && (
        <Text fz="xs" c="dimmed">
          Queued notices go out within a few seconds; the event page shows their progress.
        </Text>
      )}
    </Stack>
  );
}
