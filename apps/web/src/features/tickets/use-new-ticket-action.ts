import type { NavAction } from '@lightpath/domain/navigation';
import { can } from '@lightpath/domain/permissions';
import { useSession } from '../../lib/session';
import type { useListParams } from '../../lib/use-list-params';

const newTicketAction: NavAction = 'new-ticket';

// The sidebar's New Ticket lands on /tickets?action=new-ticket (spec 2.6: the wizard is a modal).
// Closing it drops the parameter, so reloading the page does not open it again. A role that may not
// create tickets simply sees the list.
export function useNewTicketAction(list: ReturnType<typeof useListParams>) {
  const { actor } = useSession();
  const create = can(actor, 'tickets.create');
  return {
    create,
    opened: create && list.get('action') === newTicketAction,
    open: () => list.set({ action: newTicketAction }, { resetPage: false }),
    close: () => list.set({ action: null }, { resetPage: false, replace: true }),
  };
}
