import type { ListPage } from '@lightpath/domain/api';
import type { EventSummary } from '@lightpath/domain/events';
import { ListPanel, type ListPanelProps } from '../../../components/list-panel';
import type { useListParams } from '../../../lib/use-list-params';
import { EventsTable } from './events-table';

type Props = Omit<ListPanelProps<ListPage<EventSummary>>, 'noun' | 'params' | 'children'> & {
  params: ReturnType<typeof useListParams>;
  showCustomers: boolean;
};

// A list of events (current or past) with its states, sortable headers and pager, all kept in the URL.
export function EventsListPanel({ params, showCustomers, ...panel }: Props) {
  return (
    <ListPanel {...panel} params={params} noun="events">
      {(page) => (
        <EventsTable
          events={page.results}
          showCustomers={showCustomers}
          sort={params.get('sort')}
          onSort={(next) => params.set({ sort: next })}
        />
      )}
    </ListPanel>
  );
}
