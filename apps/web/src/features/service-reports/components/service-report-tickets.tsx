import { type ServiceReportTicket, serviceReportMessages } from '@lightpath/domain/service-reports';
import { ticketStatusLabels } from '@lightpath/domain/tickets';
import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';

function TicketLink({ ticket }: { ticket: ServiceReportTicket }) {
  return (
    <Anchor component={Link} to={`/ticket/${ticket.ticketid}`} fz="sm">
      #{ticket.ticketid} {ticket.subject}
    </Anchor>
  );
}

const closed = (ticket: ServiceReportTicket) =>
  ticket.closed === null ? '–' : formatDateTime(ticket.closed);

// The tickets naming the service that were open at some moment of the period, oldest first.
export function ServiceReportTickets({ tickets }: { tickets: readonly ServiceReportTicket[] | null }) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (tickets === null)
    return (
      <Text fz="sm" c="dimmed">
        {serviceReportMessages.ticketsHidden}.
      </Text>
    );
  if (tickets.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No tickets named this service in the period.
      </Text>
    );
  if (phone)
    return (
      <Stack gap="xs">
        {tickets.map((ticket) => (
          <Paper key={ticket.ticketid} withBorder radius="md" p="sm">
            <TicketLink ticket={ticket} />
            <Text fz="xs" c="dimmed">
              {ticketStatusLabels[ticket.status]} · opened {formatDateTime(ticket.opened)}
              {ticket.closed === null ? '' : ` · closed ${closed(ticket)}`}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table striped highlightOnHover fz="sm" verticalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Ticket</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Opened</Table.Th>
          <Table.Th scope="col">Closed</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tickets.map((ticket) => (
          <Table.Tr key={ticket.ticketid}>
            <Table.Td>
              <TicketLink ticket={ticket} />
            </Table.Td>
            <Table.Td>{ticketStatusLabels[ticket.status]}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(ticket.opened)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{closed(ticket)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
