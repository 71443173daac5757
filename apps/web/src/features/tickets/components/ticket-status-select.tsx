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

// The statuses the caller may set (ticketStatusesFor): every one for the NOC and engineering, pending
// and solved for a technician's own job. The current status is listed too, so the select can show it.
export function TicketStatusSelect({
  ticketid,
  status,
  allowed,
}: {
  ticketid: number;
  status: TicketStatus;
  allowed: readonly TicketStatus[];
}) {
  const update = useUpdateTicketStatus(ticketid);
  const options = ticketStatuses
    .filter((s) => allowed.includes(s) || s === status)
    .map((s) => ({ value: s, label: ticketStatusLabels[s], disabled: !allowed.includes(s) }));
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
