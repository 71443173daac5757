import { can } from '@lightpath/domain/permissions';
import { type Subscription, subscriptionMessages } from '@lightpath/domain/subscriptions';
import { isProviderType } from '@lightpath/domain/user-types';
import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconBell, IconBellOff, IconBellPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useDeleteSubscription } from '../../../features/subscriptions/api/delete-subscription';
import { useSubscriptions } from '../../../features/subscriptions/api/list-subscriptions';
import { SubscribeModal } from '../../../features/subscriptions/components/subscribe-modal';
import { SubscriptionsTable } from '../../../features/subscriptions/components/subscriptions-table';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;
const title = 'Service Notifications';
const crumbs = [{ label: 'Services', to: '/services' }, { label: title }];

export function ServiceNotificationsPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'notifications.manage');
  const provider = isProviderType(actor.type);
  usePageTitle(title);
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const sort = list.get('sort');
  const [subscribing, setSubscribing] = useState(false);
  const subscriptions = useSubscriptions(
    { limit: pageSize, offset: (list.page - 1) * pageSize, q: q || undefined, sort: sort || undefined },
    allowed,
  );
  const remove = useDeleteSubscription();

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="service notifications" />
      </>
    );
  }

  // A customer user sees its colleagues' subscriptions but removes only its own (decisions.md).
  const canRemove = (s: Subscription) => actor.type !== 5 || s.userid === actor.userId;
  const confirmRemove = (s: Subscription) =>
    modals.openConfirmModal({
      title: 'Unsubscribe',
      children: (
        <Text fz="sm">
          Stop telling <strong>{s.username}</strong> about events on <strong>{s.serviceid}</strong>{' '}
          {s.servicedescription}?
        </Text>
      ),
      labels: { confirm: 'Unsubscribe', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconBellOff size={16} /> },
      onConfirm: () =>
        remove.mutate(s.notificationid, {
          onSuccess: (reply) => notify.success(reply.message ?? subscriptionMessages.deleted),
          onError: (error) => {
            if (needsToast(error))
              notify.warning(errorMessage(error, 'An error occurred while unsubscribing'));
          },
        }),
    });

  const filtered = Boolean(list.get('q'));

  return (
    <>
      <PageHeader
        title={title}
        description={
          provider
            ? 'Who is told about events on which service, across all customers.'
            : 'Who in your organisation is told about events on your services.'
        }
        crumbs={crumbs}
        actions={
          <Button leftSection={<IconBellPlus size={16} />} onClick={() => setSubscribing(true)}>
            Subscribe
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md">
          <TextInput
            aria-label="Search subscriptions"
            placeholder="Search by service, description, user or e-mail"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
        </Group>
        <ListPanel
          list={subscriptions}
          params={list}
          pageSize={pageSize}
          noun="subscriptions"
          what="notifications"
          empty={{
            icon: <IconBell size={28} />,
            description: 'Subscribe to a service to be told about its maintenance and outages.',
          }}
          noMatch={
            filtered && {
              title: 'No subscriptions match this search',
              description: 'Try a different search.',
              clearLabel: 'Clear search',
              onClear: () => list.set({ q: null }),
            }
          }
        >
          {(page) => (
            <SubscriptionsTable
              subscriptions={page.results}
              showCustomer={provider}
              sort={sort}
              onSort={(next) => list.set({ sort: next })}
              canRemove={canRemove}
              onRemove={confirmRemove}
            />
          )}
        </ListPanel>
      </Paper>
      <SubscribeModal opened={subscribing} onClose={() => setSubscribing(false)} />
    </>
  );
}
