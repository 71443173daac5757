import { type CheckinRow, checkinMessages } from '@lightpath/domain/checkins';
import { can } from '@lightpath/domain/permissions';
import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHistory, IconLogin2, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { LoadError } from '../../../components/load-error';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useCheckins } from '../../../features/checkins/api/list-checkins';
import { CheckinsTable } from '../../../features/checkins/components/checkins-table';
import { OnSiteNow } from '../../../features/checkins/components/on-site-now';
import {
  type CheckinSiteRef,
  SiteCheckinModal,
} from '../../../features/checkins/components/site-checkin-modal';
import { useSite } from '../../../lib/queries/get-site';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;
// Who is on site is safety information: refreshed every minute while the page is open (technicians
// have no live stream, and the stream has no check-ins topic yet).
const onSiteRefreshMs = 60_000;

// 'An error occurred retrieving check-ins' is LoadError's title with this noun.
const loadNoun = checkinMessages.loadFailed.replace('An error occurred retrieving ', '');

const states = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'On site' },
  { value: 'closed', label: 'Checked out' },
];
const activeOf = { all: undefined, active: true, closed: false } as const;

// Unix seconds, ticking each minute so the durations move on.
function useNowSeconds() {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function CheckinsPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'checkins.manage');
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const state = (list.get('state') || 'all') as keyof typeof activeOf;
  const sort = list.get('sort');
  const now = useNowSeconds();
  usePageTitle('Site Check-Ins');

  const onSite = useCheckins(
    { limit: 1000, offset: 0, active: true, sort: 'checkintime' },
    { enabled: allowed, refetchMs: onSiteRefreshMs },
  );
  const filters = { q: q || undefined, active: activeOf[state] ?? undefined, sort: sort || undefined };
  const history = useCheckins(
    { ...filters, limit: pageSize, offset: (list.page - 1) * pageSize },
    { enabled: allowed },
  );

  // The sidebar's Site Check-In lands on ?action=site-checkin; closing removes it again. An 'On site
  // now' card adds its site, which the modal opens on.
  const modalOpen = allowed && list.get('action') === 'site-checkin';
  const preselectedId = Number(list.get('site')) || null;
  const fromCard = onSite.data?.results.find((c) => c.siteid === preselectedId);
  // A link naming a site nobody is checked in at: the site is looked up.
  const preselectedSite = useSite(
    preselectedId ?? 0,
    modalOpen && preselectedId !== null && !onSite.isPending && !fromCard,
  );
  const preselected: CheckinSiteRef | null =
    preselectedId === null
      ? null
      : (fromCard ?? preselectedSite.data ?? { siteid: preselectedId, sitename: `Site ${preselectedId}` });
  const openModal = (site?: CheckinRow) =>
    list.set({ action: 'site-checkin', site: site ? String(site.siteid) : null }, { resetPage: false });
  const closeModal = () => list.set({ action: null, site: null }, { resetPage: false, replace: true });

  if (!allowed) {
    return (
      <>
        <PageHeader title="Site Check-Ins" crumbs={[{ label: 'Site Check-Ins' }]} />
        <NoAccess what="site check-ins" />
      </>
    );
  }

  const filtered = Boolean(list.get('q') || state !== 'all');

  return (
    <>
      <PageHeader
        title="Site Check-Ins"
        description="Check in when you arrive at a site and out when you leave, so the NOC knows who is on site."
        crumbs={[{ label: 'Site Check-Ins' }]}
        actions={
          <Button size="lg" leftSection={<IconLogin2 size={20} />} onClick={() => openModal()}>
            Check in / Check out
          </Button>
        }
      />
      <Stack gap="lg">
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'sm', sm: 'md' }}
          shadow="xs"
          component="section"
          aria-label="On site now"
        >
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="md">
              On site now
              {onSite.data && (
                <Text span c="dimmed" fz="sm" ml={6}>
                  ({onSite.data.count})
                </Text>
              )}
            </Title>
          </Group>
          {onSite.isPending ? (
            <TableSkeleton rows={2} />
          ) : onSite.isError ? (
            <LoadError error={onSite.error} what={loadNoun} onRetry={() => onSite.refetch()} />
          ) : (
            <OnSiteNow
              checkins={onSite.data.results}
              now={now}
              userid={actor.userId}
              onCheckout={openModal}
            />
          )}
        </Paper>

        <Paper
          withBorder
          radius="lg"
          p={{ base: 'sm', sm: 'md' }}
          shadow="xs"
          component="section"
          aria-label="History"
        >
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="md">
              History
            </Title>
            <ExportCsvButton
              path="export/checkins"
              query={filters}
              filename="site-checkins.csv"
              disabled={!history.data || history.data.count === 0}
            />
          </Group>
          <Group gap="sm" mb="md" align="flex-end">
            <TextInput
              aria-label="Search check-ins"
              placeholder="Search by site, customer or person"
              leftSection={<IconSearch size={16} />}
              value={list.get('q')}
              onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
              style={{ flex: '1 1 240px' }}
              type="search"
              size="md"
            />
            <SegmentedControl
              aria-label="Show"
              data={states}
              value={state}
              onChange={(value) => list.set({ state: value === 'all' ? null : value })}
            />
          </Group>
          <ListPanel
            list={history}
            params={list}
            pageSize={pageSize}
            noun="check-ins"
            what={loadNoun}
            empty={{
              icon: <IconHistory size={28} />,
              description: 'Check-ins appear here once someone has checked in at a site.',
            }}
            noMatch={
              filtered && {
                onClear: () => list.set({ q: null, state: null }),
              }
            }
          >
            {(page) => (
              <CheckinsTable
                checkins={page.results}
                now={now}
                sort={sort || '-checkintime'}
                onSort={(next) => list.set({ sort: next === '-checkintime' ? null : next })}
              />
            )}
          </ListPanel>
        </Paper>
      </Stack>
      <SiteCheckinModal opened={modalOpen} onClose={closeModal} site={preselected} />
    </>
  );
}
