import { type EventType, eventMessages, eventTypes } from '@lightpath/domain/events';
import { can } from '@lightpath/domain/permissions';
import { isProviderType } from '@lightpath/domain/user-types';
import { Button, EmptyState, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarEvent, IconCalendarOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { usePastEvents } from '../../../features/events/api/list-past-events';
import { EventWizard } from '../../../features/events/components/event-wizard/event-wizard';
import { EventsListPanel } from '../../../features/events/components/events-list-panel';
import { defaultPastRange, rangeSeconds } from '../../../features/events/event-format';
import { useNewEventAction } from '../../../features/events/use-new-event-action';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;
const title = 'Past Outages';
const crumbs = [{ label: 'Events' }, { label: title }];
const eventTypeIds = [1, 2, 3] as const satisfies readonly EventType[];

// Spec 7.5: GET events/past/{startdate}/{enddate}: events that ended within a range of days, the last
// 30 by default. The range lives in the URL with the other filters.
export function PastEventsPage() {
  usePageTitle(title);
  const { actor } = useSession();
  const allowed = can(actor, 'events.view');
  const staff = isProviderType(actor.type);
  const list = useListParams();
  const wizard = useNewEventAction(list);
  // Read once, so the default range does not move at midnight under an open page.
  const [fallback] = useState(() => defaultPastRange(Math.floor(Date.now() / 1000)));
  const from = list.get('from') || fallback.from;
  const to = list.get('to') || fallback.to;
  const range = rangeSeconds(from, to);
  const rangeProblem = !range
    ? 'Choose both dates'
    : range.end < range.start
      ? eventMessages.rangeInvalid
      : null;
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const typeParam = list.get('type');
  const type = eventTypeIds.find((t) => String(t) === typeParam);
  const sort = list.get('sort');

  const filters = { q: q || undefined, type, sort: sort || undefined };
  const days = { start: range?.start ?? 0, end: range?.end ?? 0 };
  const events = usePastEvents(
    { ...days, ...filters, limit: pageSize, offset: (list.page - 1) * pageSize },
    allowed && rangeProblem === null,
  );

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="events" />
      </>
    );
  }

  const filtered = Boolean(list.get('q') || type);

  return (
    <>
      <PageHeader
        title={title}
        description="Events that ended within the chosen days, most recent first."
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <ExportCsvButton
              path={`export/events/past/${days.start}/${days.end}`}
              query={filters}
              filename={`past-outages-${from}-to-${to}.csv`}
              disabled={rangeProblem !== null || !events.data || events.data.count === 0}
            />
            {wizard.manage && (
              <Button leftSection={<IconPlus size={16} />} onClick={wizard.open}>
                New Event
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-start">
          <TextInput
            label="From"
            type="date"
            value={from}
            max={to}
            onChange={(event) => list.set({ from: event.currentTarget.value || null })}
            error={rangeProblem === eventMessages.rangeInvalid}
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            label="To"
            type="date"
            value={to}
            min={from}
            onChange={(event) => list.set({ to: event.currentTarget.value || null })}
            error={rangeProblem}
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            label="Search"
            placeholder="Title, ticket number or service"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          <Select
            label="Type"
            placeholder="All types"
            clearable
            data={eventTypeIds.map((t) => ({ value: String(t), label: eventTypes[t].label }))}
            value={type ? String(type) : null}
            onChange={(value) => list.set({ type: value })}
            w={{ base: '100%', xs: 210 }}
          />
        </Group>
        {rangeProblem ? (
          <EmptyState
            py="xl"
            icon={<IconCalendarOff size={28} />}
            withIndicatorBackground
            title="Choose a range of days"
            description={rangeProblem}
          />
        ) : (
          <EventsListPanel
            list={events}
            params={list}
            pageSize={pageSize}
            showCustomers={staff}
            empty={{
              icon: <IconCalendarEvent size={28} />,
              title: 'No events ended in this period',
              description: 'Choose an earlier start date to look further back.',
            }}
            noMatch={
              filtered && {
                onClear: () => list.set({ q: null, type: null }),
              }
            }
          />
        )}
      </Paper>
      {wizard.manage && <EventWizard opened={wizard.opened} onClose={wizard.close} />}
    </>
  );
}
