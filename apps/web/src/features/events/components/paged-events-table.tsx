import type { ListPage } from '@lightpath/domain/api';
import type { EventSummary } from '@lightpath/domain/events';
import { ListFooter } from '../../../components/list-footer';
import type { useListParams } from '../../../lib/use-list-params';
import { EventsTable } from './events-table';

type Props = {
  page: ListPage<EventSummary>;
  // While the next page loads the current one stays, dimmed.
  stale: boolean;
  showCustomers: boolean;
  list: ReturnType<typeof useListParams>;
  pageSize: number;
};

// A page of events with sortable headers and the pager, both kept in the URL.
export function PagedEventsTable({ page, stale, showCustomers, list, pageSize }: Props) {
  return (
    <>
      <div style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={stale}>
        <EventsTable
          events={page.results}
          showCustomers={showCustomers}
          sort={list.get('sort')}
          onSort={(next) => list.set({ sort: next })}
        />
      </div>
      {page.count > 0 && (
        <ListFooter
          count={page.count}
          page={list.page}
          pageSize={pageSize}
          noun="events"
          onPage={(next) => list.set({ page: String(next) }, { resetPage: false })}
        />
      )}
    </>
  );
}
