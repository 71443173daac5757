import type { TicketListRow } from '@lightpath/domain/tickets';
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { TicketStatusBadge, ticketTypeLabel } from './ticket-badges';

type Props = {
  tickets: TicketListRow[];
  // Provider staff see whose ticket it is; a customer only ever sees its own.
  showCustomer: boolean;
};

export function ticketRoute(ticketid: number): string {
  return `/ticket/${ticketid}`;
}

// The subject is a real link, so keyboard users reach each ticket with Tab; the rest of the row is a
// larger target for the mouse.
function TicketLink({ ticket }: { ticket: TicketListRow }) {
  return (
    <Anchor component={Link} to={ticketRoute(ticket.ticketid)} fw={600} fz="sm" lineClamp={2}>
      {ticket.subject || `Ticket #${ticket.ticketid}`}
    </Anchor>
  );
}

// Relative reads fastest in a list; the exact time is there on hover.
function Updated({ seconds }: { seconds: number }) {
  return (
    <Text span fz="inherit" title={formatDateTime(seconds)} style={{ whiteSpace: 'nowrap' }}>
      {formatRelative(seconds)}
    </Text>
  );
}

// On a phone a wide table only scrolls sideways; a stacked list reads better there.
function TicketCards({ tickets, showCustomer }: Props) {
  return (
    <Stack gap="xs">
      {tickets.map((ticket) => (
        <Paper key={ticket.ticketid} withBorder radius="md" p="sm">
          <Stack gap={6}>
            <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
              <TicketLink ticket={ticket} />
              <TicketStatusBadge status={ticket.status} />
            </Group>
            <Text fz="xs" c="dimmed">
              <Text span ff="monospace" fz="inherit">
                #{ticket.ticketid}
              </Text>
              {' · '}
              {ticketTypeLabel(ticket.tickettype)}
              {showCustomer ? ` · ${ticket.customercode}` : ''}
              {ticket.sitename ? ` · ${ticket.sitename}` : ''}
            </Text>
            <Text fz="xs" c="dimmed">
              Updated <Updated seconds={ticket.updated_at} />
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function TicketsTable({ tickets, showCustomer }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  if (narrow) return <TicketCards tickets={tickets} showCustomer={showCustomer} />;

  const openRow = (ticketid: number) => (click: MouseEvent) => {
    // A click on a link inside the row is that link's business.
    if ((click.target as HTMLElement).closest('a')) return;
    navigate(ticketRoute(ticketid));
  };

  return (
    <Table.ScrollContainer minWidth={showCustomer ? 860 : 760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={80}>Ticket</Table.Th>
            <Table.Th miw={260}>Subject</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Type</Table.Th>
            {showCustomer && <Table.Th>Customer</Table.Th>}
            <Table.Th>Site</Table.Th>
            <Table.Th>Updated</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.ticketid} onClick={openRow(ticket.ticketid)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Text ff="monospace" fz="sm">
                  #{ticket.ticketid}
                </Text>
              </Table.Td>
              <Table.Td>
                <TicketLink ticket={ticket} />
              </Table.Td>
              <Table.Td>
                <TicketStatusBadge status={ticket.status} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{ticketTypeLabel(ticket.tickettype)}</Text>
              </Table.Td>
              {showCustomer && (
                <Table.Td>
                  <Text fz="sm">{ticket.customercode}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <Text fz="sm">{ticket.sitename ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">
                  <Updated seconds={ticket.updated_at} />
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
