import { type EventDetail, eventMessages, slaClassifications } from '@lightpath/domain/events';
import { can } from '@lightpath/domain/permissions';
import { isProviderType } from '@lightpath/domain/user-types';
import { Button, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { DetailPageGate, MainAndSideSkeleton } from '../../../components/detail-page-gate';
import {
  EventPriorityBadge,
  EventTimingBadge,
  EventTypeBadge,
  priorityLabel,
} from '../../../components/event-badges';
import { type Crumb, PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { useDeleteEvent } from '../../../features/events/api/delete-event';
import { useEvent } from '../../../features/events/api/get-event';
import { EventCommentsPanel } from '../../../features/events/components/event-comments-panel';
import { EventCustomersPanel } from '../../../features/events/components/event-customers-panel';
import { EventNotificationsPanel } from '../../../features/events/components/event-notifications-panel';
import { EventServicesPanel } from '../../../features/events/components/event-services-panel';
import { EventSitesPanel } from '../../../features/events/components/event-sites-panel';
import { EventWizard } from '../../../features/events/components/event-wizard/event-wizard';
import { EventEnd } from '../../../features/events/components/events-table';
import { formatEventDuration } from '../../../features/events/event-format';
import { Fact, FactList } from '../../../features/services/components/fact-list';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

// The list an event belongs to, for the breadcrumb back: ended events live under Past Outages.
function listCrumb(event: Pick<EventDetail, 'type' | 'timing'> | undefined): Crumb {
  if (!event) return { label: 'Events', to: '/events' };
  if (event.timing === 'ended') return { label: 'Past Outages', to: '/events/past-events' };
  if (event.type === 3) return { label: 'Network Outages', to: '/events' };
  return { label: 'Scheduled Events', to: '/events/scheduled-events' };
}

function slaLabel(slatype: number): string {
  return slaClassifications[slatype as keyof typeof slaClassifications] ?? '—';
}

export function EventPage() {
  const { eventid: raw } = useParams();
  const eventid = Number(raw);
  const valid = Number.isInteger(eventid) && eventid > 0;
  const { actor } = useSession();
  const allowed = can(actor, 'events.view');
  const manage = can(actor, 'events.manage');
  const staff = isProviderType(actor.type);
  const navigate = useNavigate();
  const query = useEvent(eventid, allowed);
  const deleteEvent = useDeleteEvent();
  const [editing, edit] = useDisclosure(false);
  const event = query.data;
  usePageTitle(event ? `Event #${event.eventid} · ${event.title}` : `Event ${raw ?? ''}`.trim());

  const crumbs = [listCrumb(event), { label: `Event ${raw ?? ''}`.trim() }];
  if (!allowed || !valid || !query.isSuccess) {
    return (
      <DetailPageGate
        allowed={allowed}
        valid={valid}
        query={query}
        title="Event"
        crumbs={crumbs}
        noAccessWhat="events"
        recordWhat="event"
        notFoundMessage={eventMessages.notFound}
        loadingHeader={{ title: <Skeleton h={28} w={320} />, crumbs }}
        skeleton={<MainAndSideSkeleton />}
      />
    );
  }

  const loaded = query.data;
  const now = Math.floor(Date.now() / 1000);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete event',
      children: (
        <Stack gap="xs">
          <Text fz="sm">
            Delete event <strong>#{loaded.eventid}</strong> ({loaded.title})?
          </Text>
          <Text fz="sm" c="dimmed">
            It disappears from every list, and the conditions of its {loaded.servicecount}{' '}
            {loaded.servicecount === 1 ? 'service' : 'services'} no longer count it. Notices already sent to
            customers are not withdrawn. This cannot be undone.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Delete event', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deleteEvent.mutate(loaded.eventid, {
          onSuccess: ({ message }) => {
            notify.success(message ?? eventMessages.deleted);
            navigate('/events', { replace: true });
          },
          onError: (error) => {
            if (needsToast(error))
              notify.warning(errorMessage(error, 'An error occurred while deleting this event'));
          },
        }),
    });

  return (
    <>
      <PageHeader
        title={loaded.title}
        description={
          <Group gap={6} component="span">
            <EventTypeBadge type={loaded.type} />
            <EventTimingBadge timing={loaded.timing} />
            <EventPriorityBadge priority={loaded.priority} />
            <Text span fz="sm" c="dimmed" ff="monospace">
              Ticket #{loaded.number}
            </Text>
            <Text span fz="sm" c="dimmed">
              {formatDateTime(loaded.starttime)} → <EventEnd event={loaded} /> ·{' '}
              {formatEventDuration(loaded, now)}
            </Text>
          </Group>
        }
        crumbs={crumbs}
        actions={
          manage && (
            <>
              <Button variant="default" leftSection={<IconEdit size={16} />} onClick={edit.open}>
                Edit
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete}
                loading={deleteEvent.isPending}
              >
                Delete
              </Button>
            </>
          )
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Panel title="Description">
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {loaded.description || '—'}
              </Text>
            </Panel>
            <EventServicesPanel services={loaded.services} showCustomer={staff} />
            {manage && loaded.notifications && (
              <EventNotificationsPanel notifications={loaded.notifications} revision={loaded.revision} />
            )}
            <EventCommentsPanel
              eventid={loaded.eventid}
              comments={loaded.comments}
              canComment={can(actor, 'events.comment')}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Panel title="Details">
              <FactList>
                <Fact label="Start">{formatDateTime(loaded.starttime)}</Fact>
                <Fact label="End">
                  <EventEnd event={loaded} />
                </Fact>
                <Fact label="Duration">{formatEventDuration(loaded, now)}</Fact>
                <Fact label="Priority">{priorityLabel(loaded.priority)}</Fact>
                <Fact label="SLA classification">{slaLabel(loaded.slatype)}</Fact>
                <Fact label="Ticket number">
                  <Text span ff="monospace" fz="sm">
                    #{loaded.number}
                  </Text>
                </Fact>
                <Fact label="Initiator">{loaded.initiator || '—'}</Fact>
                <Fact label="Approver">{loaded.approver || '—'}</Fact>
                <Fact label="Last updated">
                  {formatDateTime(loaded.updatedat)}
                  {loaded.revision > 1 ? ` (revision ${loaded.revision})` : ''}
                </Fact>
              </FactList>
            </Panel>
            <EventSitesPanel sites={loaded.sites} showCustomer={staff} />
            {staff && (
              <EventCustomersPanel customers={loaded.customers} linked={can(actor, 'customers.pages')} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {/* The wizard starts a fresh session from the event as it is now each time it opens. */}
      {manage && <EventWizard opened={editing} onClose={edit.close} event={loaded} />}
    </>
  );
}
