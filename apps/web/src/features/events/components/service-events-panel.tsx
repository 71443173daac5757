import { can } from '@lightpath/domain/permissions';
import { isProviderType } from '@lightpath/domain/user-types';
import { EmptyState } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { ListFooter } from '../../../components/list-footer';
import { LoadError } from '../../../components/load-error';
import { Panel } from '../../../components/panel';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useSession } from '../../../lib/session';
import { useServiceEvents } from '../api/list-service-events';
import { EventsTable } from './events-table';

const pageSize = 10;

// The service page's history of works, hazards and outages on this one service.
export function ServiceEventsPanel({ serviceid }: { serviceid: string }) {
  const { actor } = useSession();
  const allowed = can(actor, 'events.view');
  const [page, setPage] = useState(1);
  const events = useServiceEvents(serviceid, { limit: pageSize, offset: (page - 1) * pageSize }, allowed);
  if (!allowed) return null;

  return (
    <Panel title="Events" count={events.data?.count}>
      {events.isPending ? (
        <TableSkeleton rows={3} />
      ) : events.isError ? (
        <LoadError error={events.error} what="events" onRetry={() => events.refetch()} />
      ) : events.data.results.length === 0 ? (
        <EmptyState
          py="lg"
          size="sm"
          icon={<IconCalendarEvent size={22} />}
          title="No events for this service"
          description="Scheduled works, hazard windows and outages on this service appear here."
        />
      ) : (
        <>
          <div style={{ opacity: events.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <EventsTable events={events.data.results} showCustomers={isProviderType(actor.type)} />
          </div>
          {events.data.count > pageSize && (
            <ListFooter
              count={events.data.count}
              page={page}
              pageSize={pageSize}
              noun="events"
              onPage={setPage}
            />
          )}
        </>
      )}
    </Panel>
  );
}
