import {
  colocationMessages,
  type RackSpace,
  type RackSpaceStatus,
  rackSpaceStatuses,
  rackSpaceStatusIds,
} from '@lightpath/domain/colocation';
import { can } from '@lightpath/domain/permissions';
import { isProviderType } from '@lightpath/domain/user-types';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconServer2 } from '@tabler/icons-react';
import { useState } from 'react';
import { CustomerFilter } from '../../../components/customer-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { type ListRackSpacesParams, useRackSpaces } from '../../../features/colocation/api/list-rack-spaces';
import { RackSpaceFormModal } from '../../../features/colocation/components/rack-space-form-modal';
import { RackSpacesTable } from '../../../features/colocation/components/rack-spaces-table';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;
const title = 'Rack Spaces';
const crumbs = [{ label: 'Co-location' }, { label: title }];
// 'An error occurred retrieving rack spaces' is LoadError's title with this noun.
const loadNoun = colocationMessages.rackSpacesLoadFailed.replace('An error occurred retrieving ', '');
const statusOptions = rackSpaceStatusIds.map((id) => ({ value: id, label: rackSpaceStatuses[id] }));
const isStatus = (value: string): value is RackSpaceStatus =>
  (rackSpaceStatusIds as string[]).includes(value);

export function RackSpacesPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'colocation.view');
  const manage = can(actor, 'colocation.manage');
  const provider = isProviderType(actor.type);
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const customerid = list.get('customerid');
  const statusParam = list.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const sort = list.get('sort');
  usePageTitle(title);
  const [editing, setEditing] = useState<RackSpace | null>(null);
  const showCustomer = provider && can(actor, 'customers.view');
  const customers = useAllCustomers(allowed && showCustomer);

  const filters: Omit<ListRackSpacesParams, 'limit' | 'offset'> = {
    q: q || undefined,
    customerid: showCustomer && customerid ? Number(customerid) : undefined,
    status,
    sort: sort || undefined,
  };
  const racks = useRackSpaces({ ...filters, limit: pageSize, offset: (list.page - 1) * pageSize }, allowed);

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="rack spaces" />
      </>
    );
  }

  const creating = manage && list.get('action') === 'new-rack-space';
  const closeCreate = () => list.set({ action: null }, { resetPage: false, replace: true });
  const filtered = Boolean(list.get('q') || customerid || status);

  return (
    <>
      <PageHeader
        title={title}
        description={
          provider
            ? "Customers' rack spaces at the PoPs, exchanges and their own sites, and the network's meet-me racks."
            : 'Your rack spaces at the network’s PoPs and data centres.'
        }
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <ExportCsvButton
              path="export/rackspaces"
              query={filters}
              filename="rack-spaces.csv"
              disabled={!racks.data || racks.data.count === 0}
            />
            {manage && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => list.set({ action: 'new-rack-space' }, { resetPage: false })}
              >
                New rack space
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-end">
          <TextInput
            aria-label="Search rack spaces"
            placeholder="Search by rack id, description or site"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          {showCustomer && (
            <CustomerFilter
              customers={customers.data ?? []}
              value={customerid}
              onChange={(value) => list.set({ customerid: value })}
            />
          )}
          <Select
            aria-label="Status"
            placeholder="Any status"
            clearable
            data={statusOptions}
            value={status ?? null}
            onChange={(value) => list.set({ status: value })}
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
        <ListPanel
          list={racks}
          params={list}
          pageSize={pageSize}
          noun="rack spaces"
          what={loadNoun}
          empty={{
            icon: <IconServer2 size={28} />,
            description: manage
              ? 'Add the first one with the New rack space button.'
              : 'Rack spaces you rent at the network’s sites appear here.',
          }}
          noMatch={
            filtered && {
              onClear: () => list.set({ q: null, customerid: null, status: null }),
            }
          }
        >
          {(page) => (
            <RackSpacesTable
              racks={page.results}
              sort={sort}
              onSort={(next) => list.set({ sort: next })}
              onEdit={manage ? setEditing : undefined}
              showCustomer={showCustomer}
            />
          )}
        </ListPanel>
      </Paper>
      {manage && <RackSpaceFormModal opened={creating} onClose={closeCreate} customerid={customerid} />}
      {editing && (
        <RackSpaceFormModal key={editing.uuid} opened rack={editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
