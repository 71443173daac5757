import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = { heading: ReactNode; ticketid: number | null; sitename: string; onOpenTicket: () => void };

// Step three, Summary: the ticket that carries the request.
export function AccessSummaryStep({ heading, ticketid, sitename, onOpenTicket }: Props) {
  return (
    <Stack gap="md">
      {heading}
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
        {ticketid === null ? (
          <Text fz="sm">The access request was sent.</Text>
        ) : (
          <Text fz="sm">
            Access to {sitename} was requested as{' '}
            <Anchor component={Link} to={`/ticket/${ticketid}`} onClick={onOpenTicket} fw={600}>
              Ticket #{ticketid}
            </Anchor>
            .
          </Text>
        )}
      </Alert>
      <Text fz="sm" c="dimmed">
        The requester and the copied contacts receive the ticket by e-mail; replies arrive on the ticket.
      </Text>
    </Stack>
  );
}
