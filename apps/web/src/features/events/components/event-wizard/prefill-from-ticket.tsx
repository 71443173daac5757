import { type EventPrefillReply, eventMessages } from '@lightpath/domain/events';
import { isTicketNumberInRange, ticketNumberMax } from '@lightpath/domain/ticket-numbers';
import { Button, Group, NumberInput, Paper, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { needsToast } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { useEventPrefill } from '../../api/prefill-event';

// Spec 4: 'Prefill Event' reads a ticket by its number and fills the form from it.
export function PrefillFromTicket({ onPrefilled }: { onPrefilled: (reply: EventPrefillReply) => void }) {
  const [ticket, setTicket] = useState<string | number>('');
  const [problem, setProblem] = useState<string | null>(null);
  const prefill = useEventPrefill();

  const run = () => {
    const ticketid = typeof ticket === 'number' ? ticket : Number.NaN;
    if (!isTicketNumberInRange(ticketid, 1)) {
      setProblem(eventMessages.ticketRange);
      return;
    }
    setProblem(null);
    prefill.mutate(ticketid, {
      onSuccess: onPrefilled,
      onError: (error) => {
        if (needsToast(error)) notify.warning(eventMessages.ticketServicesFailed(ticketid));
      },
    });
  };

  return (
    <Paper withBorder p="sm" bg="var(--lp-color-page)">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <NumberInput
          label="Prefill from ticket"
          description="Fills type, times, text and services from an existing ticket"
          placeholder="Ticket number"
          leftSection={<IconTicket size={16} aria-hidden="true" />}
          min={1}
          max={ticketNumberMax}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          value={ticket}
          onChange={(value) => {
            setTicket(value);
            setProblem(null);
          }}
          error={problem}
          // Enter asks for the prefill here, rather than submitting anything else.
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              run();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button variant="light" onClick={run} loading={prefill.isPending}>
          Prefill Event
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" mt={6}>
        If an event already carries this ticket number, you are taken to it instead.
      </Text>
    </Paper>
  );
}
