import { equipmentMessages, type ShelfPort } from '@lightpath/domain/equipment';
import { can } from '@lightpath/domain/permissions';
import { Anchor, Button, Grid, Group, Menu, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconDownload, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { DetailPageGate, MainAndSideSkeleton } from '../../../components/detail-page-gate';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { downloadInventory, type InventoryFormat } from '../../../features/equipment/api/download-inventory';
import { useShelf, useSpackStats } from '../../../features/equipment/api/get-shelf';
import { invalidateEquipment, useDeleteShelf } from '../../../features/equipment/api/save-shelf';
import { AlarmCounts } from '../../../features/equipment/components/alarm-counts';
import { AlarmsFreshnessNotice } from '../../../features/equipment/components/alarms-freshness-notice';
import { SpackBadge } from '../../../features/equipment/components/equipment-badges';
import { PortDrawer } from '../../../features/equipment/components/port-drawer';
import { ShelfAlarms } from '../../../features/equipment/components/shelf-alarms';
import { ShelfChassis } from '../../../features/equipment/components/shelf-chassis';
import { ShelfFormModal } from '../../../features/equipment/components/shelf-form-modal';
import { ShelfParts } from '../../../features/equipment/components/shelf-parts';
import { ShelfPortsTable } from '../../../features/equipment/components/shelf-ports-table';
import { UpdateShelfModal } from '../../../features/equipment/components/update-shelf-modal';
import { OperationsMenu } from '../../../features/jobs/components/operations-menu';
import { Fact, FactList } from '../../../features/services/components/fact-list';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';

const crumbs = [{ label: 'Equipment', to: '/equipment' }];

export function ShelfPage() {
  const { shelfid: raw = '' } = useParams();
  const equipmentid = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const valid = equipmentid > 0 && equipmentid <= 2_147_483_647;
  const { actor } = useSession();
  const allowed = can(actor, 'equipment.view');
  const manage = can(actor, 'equipment.manage');
  const mayDelete = can(actor, 'equipment.delete');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const query = useShelf(equipmentid, allowed && valid);
  const spack = useSpackStats(equipmentid, allowed && valid);
  const deleteShelf = useDeleteShelf();
  const [editing, editModal] = useDisclosure(false);
  const [updating, updateModal] = useDisclosure(false);
  usePageTitle(query.data ? query.data.equipmentname : 'Shelf');

  // The port view is in the URL (?port=), so Back closes it and a link can open it.
  const portParam = new URLSearchParams(location.search).get('port');
  const openPort = (port: Pick<ShelfPort, 'portid'>) => {
    const next = new URLSearchParams(location.search);
    next.set('port', port.portid);
    navigate({ search: next.toString() }, { state: { portOpenedHere: true } });
  };
  const closePort = () => {
    // Opened from this page: going back is closing. Arrived with it open: drop the parameter in place.
    if ((location.state as { portOpenedHere?: boolean } | null)?.portOpenedHere) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(location.search);
    next.delete('port');
    navigate({ search: next.toString() }, { replace: true });
  };

  if (!allowed || !valid || !query.isSuccess) {
    const shelfCrumbs = [...crumbs, { label: query.data?.equipmentname ?? 'Shelf' }];
    return (
      <DetailPageGate
        allowed={allowed}
        valid={valid}
        query={query}
        title="Shelf"
        crumbs={shelfCrumbs}
        noAccessWhat="equipment"
        recordWhat="shelf"
        notFoundMessage={equipmentMessages.notFound}
        loadingHeader={{ title: <Skeleton h={28} w={220} />, crumbs: [...crumbs, { label: '…' }] }}
        skeleton={<MainAndSideSkeleton main={[180, 320]} />}
      />
    );
  }

  const shelf = query.data;
  const openPortName = shelf.portlist.find((port) => port.portid === portParam)?.name;

  const download = async (format: InventoryFormat) => {
    try {
      await downloadInventory(shelf.equipmentid, shelf.equipmentname, format);
    } catch (error) {
      if (needsToast(error)) notify.warning(errorMessage(error, equipmentMessages.loadFailed));
    }
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete shelf',
      children: (
        <Text fz="sm">
          Delete <strong>{shelf.equipmentname}</strong> at {shelf.sitename}, with its {shelf.cards} cards and{' '}
          {shelf.ports} ports? A shelf that carries services cannot be deleted. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete shelf', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deleteShelf.mutate(shelf.equipmentid, {
          onSuccess: (message) => {
            notify.success(message ?? equipmentMessages.deleted(shelf.equipmentname));
            navigate('/equipment', { replace: true });
            // Dropped after leaving, so the page does not refetch a record that no longer exists.
            queryClient.removeQueries({ queryKey: ['equipment', 'detail', shelf.equipmentid] });
            void invalidateEquipment(queryClient);
          },
          // A 409 (the shelf still carries services) carries the server's reason, shown as is.
          onError: (error) => {
            if (needsToast(error)) notify.warning(errorMessage(error, equipmentMessages.deleteFailed));
          },
        }),
    });

  return (
    <>
      <PageHeader
        title={
          <Text component="span" ff="monospace" fz="inherit" fw="inherit">
            {shelf.equipmentname}
          </Text>
        }
        description={
          <>
            {shelf.vendor} {shelf.model}
            {shelf.ipaddress ? ` · ${shelf.ipaddress}` : ''} ·{' '}
            <Anchor component={Link} to={`/site/${shelf.siteid}`} fz="sm">
              {shelf.sitenumber} {shelf.sitename}
            </Anchor>
          </>
        }
        crumbs={[...crumbs, { label: shelf.equipmentname }]}
        actions={
          <>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                >
                  Inventory
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => download('csv')}>Download inventory CSV</Menu.Item>
                <Menu.Item onClick={() => download('json')}>Download inventory JSON</Menu.Item>
                <Menu.Divider />
                <Menu.Item
                  component={Link}
                  to={`/equipment/compare-netbox-config/${encodeURIComponent(shelf.equipmentname)}`}
                >
                  Compare with NetBox
                </Menu.Item>
                <Menu.Item
                  component={Link}
                  to={`/equipment/sync-physical-inventory/${encodeURIComponent(shelf.equipmentname)}`}
                >
                  Sync physical inventory
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            {can(actor, 'jobs.manage') && <OperationsMenu shelf={shelf} />}
            {manage && (
              <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={updateModal.open}>
                Update Shelf
              </Button>
            )}
            {manage && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={editModal.open}>
                Edit
              </Button>
            )}
            {mayDelete && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete}
                loading={deleteShelf.isPending}
              >
                Delete
              </Button>
            )}
          </>
        }
      />
      <Group gap="xs" mb="md" wrap="wrap">
        <AlarmCounts alarms={shelf.alarms} />
        {spack.data && <SpackBadge stats={spack.data} />}
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Panel title="Chassis" count={shelf.cardlist.length}>
              <ShelfChassis cards={shelf.cardlist} />
            </Panel>
            <Panel title="Parts" count={shelf.partlist.length}>
              <ShelfParts parts={shelf.partlist} />
            </Panel>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Panel title="Details">
              <FactList>
                <Fact label="Site">
                  <Anchor component={Link} to={`/site/${shelf.siteid}`} fz="sm">
                    {shelf.sitename}
                  </Anchor>
                </Fact>
                <Fact label="IP address">{shelf.ipaddress ?? '—'}</Fact>
                <Fact label="Vendor">{shelf.vendor}</Fact>
                <Fact label="Model">{shelf.model}</Fact>
                <Fact label="Software">{shelf.spack ?? '—'}</Fact>
                <Fact label="Recommended">{spack.data?.recommended ?? '—'}</Fact>
                <Fact label="Serial">{shelf.serial ?? '—'}</Fact>
                <Fact label="Last checked">{formatDateTime(shelf.lastchecked)}</Fact>
                <Fact label="Last change">{formatDateTime(shelf.updated)}</Fact>
              </FactList>
            </Panel>
            <Panel title="Alarms" count={shelf.alarmlist.length}>
              <Stack gap="sm">
                <AlarmsFreshnessNotice />
                <ShelfAlarms alarms={shelf.alarmlist} onPort={(portid) => openPort({ portid })} />
              </Stack>
            </Panel>
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack mt="md">
        <Panel title="Ports" count={shelf.portlist.length}>
          <ShelfPortsTable ports={shelf.portlist} onOpen={openPort} />
        </Panel>
      </Stack>
      <PortDrawer portid={portParam} name={openPortName} onClose={closePort} />
      {manage && editing && (
        <ShelfFormModal key={shelf.updated} opened shelf={shelf} onClose={editModal.close} />
      )}
      {manage && updating && <UpdateShelfModal opened shelf={shelf} onClose={updateModal.close} />}
    </>
  );
}
