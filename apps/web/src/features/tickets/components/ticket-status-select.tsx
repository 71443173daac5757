import {
  type TicketStatus,
  ticketMessages,
  ticketStatuses,
  ticketStatusLabels,
} from '@lightpath/domain/tickets';
import { Select } from '@mantine/core';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useUpdateTicketStatus } from '../api/update-ticket-status';

const options = ticketStatuses.map((status) => ({ value: status, label: ticketStatusLabels[status] }));

// tickets.manage: the NOC and engineering move a ticket along; customers only comment.
export function TicketStatusSelect({ ticketid, status }: { ticketid: number; status: TicketStatus }) {
  const update = useUpdateTicketStatus(ticketid);
  return (
    <Select
      aria-label="Change status"
      data={options}
      value={update.isPending ? (update.variables ?? status) : status}
      allowDeselect={false}
      disabled={update.isPending}
      w={160}
      onChange={(value) => {
        const next = ticketStatuses.find((s) => s === value);
        if (!next || next === status) return;
        update.mutate(next, {
          onSuccess: ({ message }) => notify.success(message ?? ticketMessages.statusChanged(next)),
          onError: (error) => {
            if (needsToast(error)) notify.warning(errorMessage(error, ticketMessages.statusFailed));
          },
        });
      }}
    />
  );
}
