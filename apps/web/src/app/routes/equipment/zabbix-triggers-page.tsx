import { can } from '@lightpath/domain/permissions';
import {
  type MutedTrigger,
  type ZabbixTrigger,
  zabbixTriggerMessages,
} from '@lightpath/domain/zabbix-triggers';
import { EmptyState, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconBellRinging, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useMutedTriggers } from '../../../features/zabbix-triggers/api/list-muted-triggers';
import { useTriggerSearch } from '../../../features/zabbix-triggers/api/search-triggers';
import { useUnmuteTrigger } from '../../../features/zabbix-triggers/api/unmute-trigger';
import { MuteModal } from '../../../features/zabbix-triggers/components/mute-modal';
import {
  MutedTable,
  TriggerSearchResults,
} from '../../../features/zabbix-triggers/components/trigger-tables';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const title = 'Muted Zabbix Notifications';
const crumbs = [{ label: 'Equipment', to: '/equipment' }, { label: title }];

export function ZabbixTriggersPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'equipment.manage');
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const [muting, setMuting] = useState<ZabbixTrigger | null>(null);
  usePageTitle(title);
  const mutedList = useMutedTriggers(allowed);
  const found = useTriggerSearch(allowed ? q : '');
  const unmute = useUnmuteTrigger();

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="muted Zabbix notifications" />
      </>
    );
  }

  const confirmUnmute = (row: MutedTrigger) =>
    modals.openConfirmModal({
      title: 'Unmute trigger',
      children: (
        <Text fz="sm">
          Unmute <strong>{row.description}</strong> on {row.hostname}? Zabbix alerts on it again at once.
        </Text>
      ),
      labels: { confirm: 'Unmute', cancel: 'Cancel' },
      onConfirm: () =>
        unmute.mutate(row.triggerid, {
          onSuccess: () => notify.success(`${zabbixTriggerMessages.unmuted}: ${row.description}`),
          onError: (error) => {
            if (needsToast(error)) notify.warning(errorMessage(error, zabbixTriggerMessages.unmuteFailed));
          },
        }),
    });

  return (
    <>
      <PageHeader
        title={title}
        description="Alarms muted in Zabbix for a while, with who muted them and why. A mute ends by itself at its time."
        crumbs={crumbs}
      />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
          <Title order={2} fz="lg" mb="sm">
            Muted now
          </Title>
          {mutedList.isPending ? (
            <TableSkeleton />
          ) : mutedList.isError ? (
            <LoadError
              error={mutedList.error}
              what="muted notifications"
              onRetry={() => mutedList.refetch()}
            />
          ) : mutedList.data.results.length === 0 ? (
            <EmptyState
              py="lg"
              icon={<IconBellRinging size={28} />}
              withIndicatorBackground
              title="Nothing is muted"
              description="Find a trigger below to mute it for a while."
            />
          ) : (
            <MutedTable rows={mutedList.data.results} onUnmute={confirmUnmute} />
          )}
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
          <Title order={2} fz="lg" mb="sm">
            Find a trigger
          </Title>
          <Group mb="md">
            <TextInput
              aria-label="Search triggers"
              placeholder="Host or trigger name, e.g. Eastbrook PoP or power supply"
              leftSection={<IconSearch size={16} />}
              value={list.get('q')}
              onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
              style={{ flex: '1 1 320px' }}
              type="search"
            />
          </Group>
          {q.length < 2 ? (
            <Text fz="sm" c="dimmed">
              {zabbixTriggerMessages.searchTooShort}.
            </Text>
          ) : found.isPending ? (
            <TableSkeleton />
          ) : found.isError ? (
            <LoadError error={found.error} what="Zabbix triggers" onRetry={() => found.refetch()} />
          ) : found.data.results.length === 0 ? (
            <EmptyState
              py="lg"
              icon={<IconSearch size={28} />}
              withIndicatorBackground
              title="No triggers match"
              description="Try part of the host's name or of the trigger's."
            />
          ) : (
            <div style={{ opacity: found.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
              <TriggerSearchResults rows={found.data.results} onMute={setMuting} />
            </div>
          )}
        </Paper>
      </Stack>
      {muting && <MuteModal key={muting.triggerid} trigger={muting} onClose={() => setMuting(null)} />}
    </>
  );
}
