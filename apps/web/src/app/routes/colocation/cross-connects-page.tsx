import { type CrossConnect, colocationMessages } from '@lightpath/domain/colocation';
import { loaMessages } from '@lightpath/domain/loa';
import { can } from '@lightpath/domain/permissions';
import { isProviderType } from '@lightpath/domain/user-types';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlugConnected, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { CustomerFilter } from '../../../components/customer-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { downloadLoa } from '../../../features/colocation/api/download-loa';
import {
  type ListCrossConnectsParams,
  useCrossConnects,
} from '../../../features/colocation/api/list-cross-connects';
import { CrossConnectFormModal } from '../../../features/colocation/components/cross-connect-form-modal';
import { CrossConnectsTable } from '../../../features/colocation/components/cross-connects-table';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;
const title = 'Cross-Connects';
const crumbs = [{ label: 'Co-location' }, { label: title }];
const loadNoun = colocationMessages.crossConnectsLoadFailed.replace('An error occurred retrieving ', '');

export function CrossConnectsPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'colocation.view');
  const manage = can(actor, 'colocation.manage');
  const provider = isProviderType(actor.type);
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const customerid = list.get('customerid');
  const sort = list.get('sort');
  usePageTitle(title);
  const [editing, setEditing] = useState<CrossConnect | null>(null);
  const [letterBusy, setLetterBusy] = useState<number | null>(null);
  const showCustomer = provider && can(actor, 'customers.view');
  const customers = useAllCustomers(allowed && showCustomer);

  const filters: Omit<ListCrossConnectsParams, 'limit' | 'offset'> = {
    q: q || undefined,
    customerid: showCustomer && customerid ? Number(customerid) : undefined,
    sort: sort || undefined,
  };
  const connects = useCrossConnects(
    { ...filters, limit: pageSize, offset: (list.page - 1) * pageSize },
    allowed,
  );

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="cross-connects" />
      </>
    );
  }

  const creating = manage && list.get('action') === 'new-cross-connect';
  const closeCreate = () => list.set({ action: null }, { resetPage: false, replace: true });
  const filtered = Boolean(list.get('q') || customerid);

  const downloadLetter = async (crossConnect: CrossConnect) => {
    setLetterBusy(crossConnect.crossconnectid);
    try {
      await downloadLoa(crossConnect);
    } catch (error) {
      // A rack given an end date since the list was read: the server's 409 says which.
      notify.warning(errorMessage(error, loaMessages.downloadFailed));
    } finally {
      setLetterBusy(null);
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        description={
          provider
            ? 'The cables that join rack spaces at a site, with the panel and port at each end.'
            : 'Your cross-connects: the cables from your racks, with the panel and port at each end.'
        }
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <ExportCsvButton
              path="export/crossconnects"
              query={filters}
              filename="cross-connects.csv"
              disabled={!connects.data || connects.data.count === 0}
            />
            {manage && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => list.set({ action: 'new-cross-connect' }, { resetPage: false })}
              >
                New cross-connect
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-end">
          <TextInput
            aria-label="Search cross-connects"
            placeholder="Search by number, rack id, panel, port or site"
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
        </Group>
        <ListPanel
          list={connects}
          params={list}
          pageSize={pageSize}
          noun="cross-connects"
          what={loadNoun}
          empty={{
            icon: <IconPlugConnected size={28} />,
            description: manage
              ? 'Join two rack spaces with the New cross-connect button.'
              : 'Cross-connects from your rack spaces appear here.',
          }}
          noMatch={
            filtered && {
              onClear: () => list.set({ q: null, customerid: null }),
            }
          }
        >
          {(page) => (
            <CrossConnectsTable
              crossConnects={page.results}
              sort={sort}
              onSort={(next) => list.set({ sort: next })}
              onEdit={manage ? setEditing : undefined}
              onLetter={downloadLetter}
              letterBusy={letterBusy}
              showCustomer={showCustomer}
            />
          )}
        </ListPanel>
      </Paper>
      {manage && <CrossConnectFormModal opened={creating} onClose={closeCreate} />}
      {editing && (
        <CrossConnectFormModal
          key={editing.uuid}
          opened
          crossConnect={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
