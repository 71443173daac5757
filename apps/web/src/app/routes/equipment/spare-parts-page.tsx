import { can } from '@lightpath/domain/permissions';
import {
  type SparePart,
  type SparePartState,
  sparePartMessages,
  sparePartStateIds,
  sparePartStates,
} from '@lightpath/domain/spare-parts';
import { Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPackage, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useDeleteSparePart } from '../../../features/spare-parts/api/delete-spare-part';
import { type ListSparePartsParams, useSpareParts } from '../../../features/spare-parts/api/list-spare-parts';
import { MovementModal } from '../../../features/spare-parts/components/movement-modal';
import { SparePartFormModal } from '../../../features/spare-parts/components/spare-part-form-modal';
import { SparePartsTable } from '../../../features/spare-parts/components/spare-parts-table';
import { useDepots } from '../../../features/spare-parts/use-depots';
import { errorMessage, needsToast } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;
const title = 'Spare Parts Inventory';
const crumbs = [{ label: 'Equipment', to: '/equipment' }, { label: title }];
// 'An error occurred retrieving spare parts' is LoadError's title with this noun.
const loadNoun = sparePartMessages.loadFailed.replace('An error occurred retrieving ', '');
const stateOptions = sparePartStateIds.map((id) => ({ value: id, label: sparePartStates[id] }));
const isState = (value: string): value is SparePartState => (sparePartStateIds as string[]).includes(value);

export function SparePartsPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'equipment.view');
  const manage = can(actor, 'equipment.manage');
  const record = can(actor, 'spareparts.record');
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const depot = list.get('depot');
  const stateParam = list.get('state');
  const state = isState(stateParam) ? stateParam : undefined;
  const sort = list.get('sort');
  usePageTitle(title);
  const { depots } = useDepots(allowed);
  const [moving, setMoving] = useState<SparePart | null>(null);
  const [editing, setEditing] = useState<SparePart | null>(null);
  const deletePart = useDeleteSparePart();

  const filters: Omit<ListSparePartsParams, 'limit' | 'offset'> = {
    q: q || undefined,
    depotsiteid: depot ? Number(depot) : undefined,
    state,
    sort: sort || undefined,
  };
  const parts = useSpareParts({ ...filters, limit: pageSize, offset: (list.page - 1) * pageSize }, allowed);

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="spare parts" />
      </>
    );
  }

  const adding = manage && list.get('action') === 'new-part';
  const closeAdd = () => list.set({ action: null }, { resetPage: false, replace: true });
  const filtered = Boolean(list.get('q') || depot || state);

  const confirmDelete = (part: SparePart) =>
    modals.openConfirmModal({
      title: 'Delete spare part',
      children: (
        <Text fz="sm">
          Delete <strong>{part.partnumber}</strong>
          {part.serial ? ` (serial ${part.serial})` : ''} at {part.depotsitename}, with its record of takes
          and returns? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete part', cancel: 'Cancel' },
      confirmProps: { color: 'red', leftSection: <IconTrash size={16} /> },
      onConfirm: () =>
        deletePart.mutate(part.uuid, {
          onSuccess: () => notify.success(`${sparePartMessages.deleted}: ${part.partnumber}`),
          onError: (error) => {
            if (needsToast(error)) notify.warning(errorMessage(error, sparePartMessages.deleteFailed));
          },
        }),
    });

  return (
    <>
      <PageHeader
        title={title}
        description="The spare parts at the depots: what is in stock, where, and who took or returned it last."
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <ExportCsvButton
              path="export/inventory"
              query={filters}
              filename="spare-parts.csv"
              disabled={!parts.data || parts.data.count === 0}
            />
            {manage && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => list.set({ action: 'new-part' }, { resetPage: false })}
              >
                Add spare part
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-end">
          <TextInput
            aria-label="Search spare parts"
            placeholder="Search by part number, description or serial"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          <Select
            aria-label="Depot"
            placeholder="All depots"
            clearable
            searchable
            data={depots}
            value={depot || null}
            onChange={(value) => list.set({ depot: value })}
            w={{ base: '100%', xs: 240 }}
          />
          <Select
            aria-label="State"
            placeholder="Any state"
            clearable
            data={stateOptions}
            value={state ?? null}
            onChange={(value) => list.set({ state: value })}
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
        <ListPanel
          list={parts}
          params={list}
          pageSize={pageSize}
          noun="spare parts"
          what={loadNoun}
          empty={{
            icon: <IconPackage size={28} />,
            description: manage
              ? 'Add the first part with the Add spare part button.'
              : 'Parts appear here once the NOC records them.',
          }}
          noMatch={
            filtered && {
              onClear: () => list.set({ q: null, depot: null, state: null }),
            }
          }
        >
          {(page) => (
            <SparePartsTable
              parts={page.results}
              sort={sort}
              onSort={(next) => list.set({ sort: next })}
              onMove={record ? setMoving : undefined}
              onEdit={manage ? setEditing : undefined}
              onDelete={manage ? confirmDelete : undefined}
            />
          )}
        </ListPanel>
      </Paper>
      {manage && <SparePartFormModal opened={adding} onClose={closeAdd} depotsiteid={depot} />}
      {editing && (
        <SparePartFormModal key={editing.uuid} opened part={editing} onClose={() => setEditing(null)} />
      )}
      {moving && <MovementModal key={moving.uuid} opened part={moving} onClose={() => setMoving(null)} />}
    </>
  );
}
