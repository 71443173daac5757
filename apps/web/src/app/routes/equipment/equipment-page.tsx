import { type EquipmentVendor, equipmentMessages, equipmentVendors } from '@lightpath/domain/equipment';
import { can } from '@lightpath/domain/permissions';
import { type AlarmLevel, alarmLevels } from '@lightpath/domain/zabbix-triggers';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconRefresh, IconSearch, IconServerBolt, IconTerminal2 } from '@tabler/icons-react';
import { useState } from 'react';
import { alarmLevelLabel } from '../../../components/alarm-level-badge';
import { CustomerFilter } from '../../../components/customer-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { type ListShelvesParams, useShelves } from '../../../features/equipment/api/list-shelves';
import { AlarmsFreshnessNotice } from '../../../features/equipment/components/alarms-freshness-notice';
import { SitePicker } from '../../../features/equipment/components/pickers';
import { ShelfFormModal } from '../../../features/equipment/components/shelf-form-modal';
import { type ShelfSelection, ShelvesTable } from '../../../features/equipment/components/shelves-table';
import { UpdateShelfModal } from '../../../features/equipment/components/update-shelf-modal';
import { EquipmentToolDownloads } from '../../../features/equipment-tools/components/equipment-tool-downloads';
import {
  type OperationShelf,
  RunOperationModal,
} from '../../../features/jobs/components/run-operation-modal';
import { useSite } from '../../../lib/queries/get-site';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;
const title = 'Equipment';
const crumbs = [{ label: title }];
// 'An error occurred retrieving Equipment' is LoadError's title with this noun.
const loadNoun = equipmentMessages.loadFailed.replace('An error occurred retrieving ', '');
const vendorOptions = [...equipmentVendors];
const levelOptions = [...alarmLevels].reverse().map((level) => ({
  value: level,
  label: alarmLevelLabel(level),
}));
const isVendor = (value: string): value is EquipmentVendor =>
  (equipmentVendors as readonly string[]).includes(value);
const isLevel = (value: string): value is AlarmLevel => (alarmLevels as readonly string[]).includes(value);
const positiveId = (value: string) =>
  /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

export function EquipmentPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'equipment.view');
  const manage = can(actor, 'equipment.manage');
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const siteid = positiveId(list.get('siteid'));
  const customerid = positiveId(list.get('customerid'));
  const vendorParam = list.get('vendor');
  const vendor = isVendor(vendorParam) ? vendorParam : undefined;
  const levelParam = list.get('alarmlevel');
  const alarmlevel = isLevel(levelParam) ? levelParam : undefined;
  const sort = list.get('sort');
  const action = list.get('action');
  usePageTitle(title);
  // Shelves ticked to run a device operation on, kept across pages and filters until the run.
  const [selected, setSelected] = useState<Map<number, OperationShelf>>(new Map());
  const [running, setRunning] = useState(false);
  const runsOperations = can(actor, 'jobs.manage');
  const selection: ShelfSelection | undefined = runsOperations
    ? {
        isSelected: (shelf) => selected.has(shelf.equipmentid),
        onChange: (shelves, on) =>
          setSelected((current) => {
            const next = new Map(current);
            for (const shelf of shelves) {
              if (on) next.set(shelf.equipmentid, shelf);
              else next.delete(shelf.equipmentid);
            }
            return next;
          }),
      }
    : undefined;
  const customers = useAllCustomers(allowed && can(actor, 'customers.view'));
  // The site filter shows the chosen site's name, also when the page opens from a link with ?siteid=.
  const site = useSite(siteid ?? 0, allowed && siteid !== undefined);

  const filters: Omit<ListShelvesParams, 'limit' | 'offset'> = {
    q: q || undefined,
    siteid,
    customerid,
    vendor,
    alarmlevel,
    sort: sort || undefined,
  };
  const shelves = useShelves({ ...filters, limit: pageSize, offset: (list.page - 1) * pageSize }, allowed);

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="equipment" />
      </>
    );
  }

  // The sidebar's 'Update Equipment' lands here with ?action=update-equipment; closing removes it.
  const adding = manage && action === 'new-shelf';
  const updating = manage && action === 'update-equipment';
  const closeAction = () => list.set({ action: null }, { resetPage: false, replace: true });
  const filtered = Boolean(list.get('q') || siteid || customerid || vendor || alarmlevel);
  const siteChoice = siteid
    ? {
        value: String(siteid),
        label: site.data ? `${site.data.sitenumber} ${site.data.sitename}` : `Site ${siteid}`,
      }
    : null;

  return (
    <>
      <PageHeader
        title={title}
        description="Every shelf on the network with its site, software and active alarms."
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <ExportCsvButton
              path="export/equipment"
              query={filters}
              filename="equipment.csv"
              disabled={!shelves.data || shelves.data.count === 0}
            />
            {runsOperations && (
              <Button
                variant="light"
                leftSection={<IconTerminal2 size={16} />}
                onClick={() => setRunning(true)}
                disabled={selected.size === 0}
              >
                {selected.size > 0 ? `Run operation (${selected.size})` : 'Run operation'}
              </Button>
            )}
            {/* Spec 7.7: the staff tools' files (mRemoteNG, SiteManager, PowerSuite) of the shelves one may see. */}
            <EquipmentToolDownloads />
            {manage && (
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} />}
                onClick={() => list.set({ action: 'update-equipment' }, { resetPage: false })}
              >
                Update Shelf
              </Button>
            )}
            {manage && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => list.set({ action: 'new-shelf' }, { resetPage: false })}
              >
                Add shelf
              </Button>
            )}
          </Group>
        }
      />
      <AlarmsFreshnessNotice mb="md" />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-end">
          <TextInput
            aria-label="Search equipment"
            placeholder="Search by name, IP address, model or site"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          <SitePicker
            aria-label="Filter by site"
            placeholder="All sites"
            clearable
            value={siteChoice}
            onChange={(choice) => list.set({ siteid: choice?.value ?? null })}
            w={{ base: '100%', xs: 240 }}
          />
          {can(actor, 'customers.view') && (
            <CustomerFilter
              customers={customers.data ?? []}
              value={customerid ? String(customerid) : ''}
              onChange={(value) => list.set({ customerid: value })}
            />
          )}
          <Select
            aria-label="Filter by vendor"
            placeholder="All vendors"
            clearable
            data={vendorOptions}
            value={vendor ?? null}
            onChange={(value) => list.set({ vendor: value })}
            w={{ base: '100%', xs: 150 }}
          />
          <Select
            aria-label="Filter by alarm level"
            placeholder="Any alarms"
            clearable
            data={levelOptions}
            value={alarmlevel ?? null}
            onChange={(value) => list.set({ alarmlevel: value })}
            w={{ base: '100%', xs: 150 }}
          />
        </Group>
        <ListPanel
          list={shelves}
          params={list}
          pageSize={pageSize}
          noun="shelves"
          what={loadNoun}
          empty={{
            icon: <IconServerBolt size={28} />,
            description: manage
              ? 'Add the first shelf with the Add shelf button.'
              : 'Shelves appear here once the NOC records them.',
          }}
          noMatch={
            filtered && {
              onClear: () =>
                list.set({ q: null, siteid: null, customerid: null, vendor: null, alarmlevel: null }),
            }
          }
        >
          {(page) => (
            <ShelvesTable
              shelves={page.results}
              sort={sort}
              onSort={(next) => list.set({ sort: next })}
              selection={selection}
            />
          )}
        </ListPanel>
      </Paper>
      {manage && <ShelfFormModal opened={adding} onClose={closeAction} />}
      {manage && updating && <UpdateShelfModal opened onClose={closeAction} />}
      {running && (
        <RunOperationModal
          shelves={[...selected.values()]}
          onClose={() => setRunning(false)}
          onLaunched={() => setSelected(new Map())}
        />
      )}
    </>
  );
}
