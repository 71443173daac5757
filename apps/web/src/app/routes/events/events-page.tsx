import { type EventType, eventTypes } from '@lightpath/domain/events';
import { can } from '@lightpath/domain/permissions';
import { isProviderType } from '@lightpath/domain/user-types';
import { Anchor, Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconCalendarPlus,
  IconCircleCheck,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { CustomerFilter } from '../../../components/customer-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useEvents } from '../../../features/events/api/list-events';
import { EventWizard } from '../../../features/events/components/event-wizard/event-wizard';
import { EventsListPanel } from '../../../features/events/components/events-list-panel';
import { useNewEventAction } from '../../../features/events/use-new-event-action';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;

type ListView = 'outages' | 'scheduled';

type ViewCopy = {
  title: string;
  description: string;
  empty: string;
  emptyDescription: string;
  // The event types the view can hold; a type filter is offered only when there is a choice.
  types: readonly EventType[];
};

const views: Record<ListView, ViewCopy> = {
  outages: {
    title: 'Network Outages',
    description: 'Unplanned outages that are ongoing, or that ended within the last 7 days.',
    empty: 'No network outages in the last 7 days',
    emptyDescription: 'Unplanned outages appear here as soon as the NOC reports them.',
    types: [3],
  },
  scheduled: {
    title: 'Scheduled Events',
    description: 'Scheduled works and planned hazard windows that have not ended yet.',
    empty: 'No scheduled events',
    emptyDescription: 'Scheduled works and hazard windows appear here once the NOC plans them.',
    types: [1, 2],
  },
};

export function NetworkOutagesPage() {
  return <EventsListPage view="outages" />;
}

export function ScheduledEventsPage() {
  return <EventsListPage view="scheduled" />;
}

// Spec 2.2: /events (outages) and /events/scheduled-events share one list; the view picks the rows.
function EventsListPage({ view }: { view: ListView }) {
  const copy = views[view];
  usePageTitle(copy.title);
  const { actor, customer } = useSession();
  const allowed = can(actor, 'events.view');
  const staff = isProviderType(actor.type);
  const list = useListParams();
  const wizard = useNewEventAction(list);
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const typeParam = list.get('type');
  const type = copy.types.find((t) => String(t) === typeParam);
  const customerid = list.get('customerid');
  const sort = list.get('sort');

  const filters = {
    view,
    q: q || undefined,
    type,
    customerid: staff && customerid ? Number(customerid) : undefined,
    sort: sort || undefined,
  };
  const events = useEvents({ ...filters, limit: pageSize, offset: (list.page - 1) * pageSize }, allowed);
  const customers = useAllCustomers(allowed && staff && can(actor, 'customers.view'));

  const crumbs = [{ label: 'Events' }, { label: copy.title }];
  if (!allowed) {
    return (
      <>
        <PageHeader title={copy.title} crumbs={crumbs} />
        <NoAccess what="events" />
      </>
    );
  }

  const filtered = Boolean(list.get('q') || type || customerid);
  // The private calendar feed (events.calendar): a customer's own is in Company Settings; the NOC finds
  // each customer's on that customer's page.
  const calendar =
    view !== 'scheduled' || !can(actor, 'events.calendar')
      ? null
      : customer.isprovider
        ? can(actor, 'customers.view') && {
            to: '/customers',
            label: 'Customers',
            text: "Each customer's private calendar feed of these events is on its page under",
          }
        : can(actor, 'company.settings') && {
            to: '/company-settings',
            label: 'Company Settings',
            text: 'Follow these events in Outlook or Google Calendar: your private calendar feed is in',
          };

  return (
    <>
      <PageHeader
        title={copy.title}
        description={copy.description}
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <ExportCsvButton
              path="export/events"
              query={filters}
              filename={`${copy.title.toLowerCase().replaceAll(' ', '-')}.csv`}
              disabled={!events.data || events.data.count === 0}
            />
            {wizard.manage && (
              <Button leftSection={<IconPlus size={16} />} onClick={wizard.open}>
                New Event
              </Button>
            )}
          </Group>
        }
      />
      {calendar && (
        <Group gap={6} mb="md" c="dimmed" wrap="nowrap">
          <IconCalendarPlus size={16} style={{ flexShrink: 0 }} aria-hidden="true" />
          <Text fz="sm">
            {calendar.text}{' '}
            {/* Underlined: colour alone does not tell a link inside a sentence apart (WCAG 1.4.1). */}
            <Anchor component={Link} to={calendar.to} fz="sm" underline="always">
              {calendar.label}
            </Anchor>
            .
          </Text>
        </Group>
      )}
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-end">
          <TextInput
            aria-label="Search events"
            placeholder="Search by title, ticket number or service"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 260px' }}
            type="search"
          />
          {copy.types.length > 1 && (
            <Select
              aria-label="Filter by event type"
              placeholder="All types"
              clearable
              data={copy.types.map((t) => ({ value: String(t), label: eventTypes[t].label }))}
              value={type ? String(type) : null}
              onChange={(value) => list.set({ type: value })}
              w={{ base: '100%', xs: 210 }}
            />
          )}
          {staff && customers.data && (
            <CustomerFilter
              customers={customers.data}
              value={customerid}
              onChange={(value) => list.set({ customerid: value })}
            />
          )}
        </Group>
        <EventsListPanel
          list={events}
          params={list}
          pageSize={pageSize}
          showCustomers={staff}
          empty={{
            icon: <IconCircleCheck size={28} />,
            title: copy.empty,
            description: copy.emptyDescription,
          }}
          noMatch={
            filtered && {
              icon: <IconCalendarEvent size={28} />,
              onClear: () => list.set({ q: null, type: null, customerid: null }),
            }
          }
        />
      </Paper>
      {wizard.manage && <EventWizard opened={wizard.opened} onClose={wizard.close} />}
    </>
  );
}
