import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { WizardOutcome, WizardRecordLink } from '../../../components/wizard-outcome';

type Props = { heading: ReactNode; ticketid: number | null; sitename: string; onOpenTicket: () => void };

// Step three, Summary: the ticket that carries the request.
export function AccessSummaryStep({ heading, ticketid, sitename, onOpenTicket }: Props) {
  return (
    <Stack gap="md">
      {heading}
      <WizardOutcome>
        {ticketid === null ? (
          'The access request was sent.'
        ) : (
          <>
            Access to {sitename} was requested as{' '}
            <WizardRecordLink to={`/ticket/${ticketid}`} onOpen={onOpenTicket}>
              Ticket #{ticketid}
            </WizardRecordLink>
            .
          </>
        )}
      </WizardOutcome>
      <Text fz="sm" c="dimmed">
        The requester and the copied contacts receive the ticket by e-mail; replies arrive on the ticket.
      </Text>
    </Stack>
  );
}
