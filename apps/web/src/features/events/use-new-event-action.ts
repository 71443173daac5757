import type { NavAction } from '@lightpath/domain/navigation';
import { can } from '@lightpath/domain/permissions';
import { useSession } from '../../lib/session';
import type { useListParams } from '../../lib/use-list-params';

const newEventAction: NavAction = 'new-event';

// The sidebar's New Event lands on the events lists with ?action=new-event (spec 2.6: it is a modal).
// Closing the wizard drops the parameter, so reloading the page does not open it again. A role that
// may not create events simply sees the list.
export function useNewEventAction(list: ReturnType<typeof useListParams>) {
  const { actor } = useSession();
  const manage = can(actor, 'events.manage');
  return {
    manage,
    opened: manage && list.get('action') === newEventAction,
    open: () => list.set({ action: newEventAction }, { resetPage: false }),
    close: () => list.set({ action: null }, { resetPage: false, replace: true }),
  };
}
