import { can } from '@lightpath/domain/permissions';
import { type SiteType, siteTypeIds, siteTypes } from '@lightpath/domain/sites';
import { isProviderType } from '@lightpath/domain/user-types';
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconMapPin, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CustomerFilter } from '../../../components/customer-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { RequestSiteAccessWizard } from '../../../features/access/components/request-site-access-wizard';
import { actionHref, actionTargets, isNavAction } from '../../../features/placeholders/placeholder-routes';
import { CreateSiteModal } from '../../../features/sites/components/create-site-modal';
import { SitesTable } from '../../../features/sites/components/sites-table';
import { usePortalInfo } from '../../../lib/queries/get-portal-info';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSites } from '../../../lib/queries/list-sites';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;

export function SitesPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'sites.view');
  const manage = can(actor, 'sites.manage');
  const provider = isProviderType(actor.type);
  // Spec 2.4: a technician's menu calls this page 'PoP Sites': the provider's own physical sites first.
  const technician = actor.type === 2;
  const list = useListParams();
  const portal = usePortalInfo();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const sitetype = list.get('type');
  const status = list.get('status');
  const customerid = list.get('customerid');
  const sort = list.get('sort');
  const action = list.get('action');
  const popOnly = technician && list.get('scope') !== 'all';
  const providerId = portal.data?.provider.customerid ?? null;
  const title = technician && popOnly ? 'PoP Sites' : 'Sites';
  usePageTitle(title);

  const filters = {
    q: q || undefined,
    sitetype: popOnly ? 1 : sitetype ? (Number(sitetype) as SiteType) : undefined,
    status: status === '' ? undefined : (Number(status) as 0 | 1),
    customerid: popOnly ? (providerId ?? undefined) : provider && customerid ? Number(customerid) : undefined,
    sort: sort || undefined,
  };
  const sites = useSites(
    { limit: pageSize, offset: (list.page - 1) * pageSize, ...filters },
    // The PoP filter needs the provider's id from the portal info before it can ask.
    allowed && (!popOnly || !portal.isPending),
  );
  const customers = useAllCustomers(allowed && can(actor, 'customers.view') && !popOnly);

  if (!allowed) {
    return (
      <>
        <PageHeader title="Sites" crumbs={[{ label: 'Sites' }]} />
        <NoAccess what="sites" />
      </>
    );
  }

  // The sidebar's 'Add New Site' and 'Site Access Request' land here with ?action=new-site and
  // ?action=site-access; closing the modal removes the parameter, so a reload does not reopen it. A
  // role that may not do either simply sees the list.
  const creating = manage && action === 'new-site';
  const requestingAccess = can(actor, 'access.request') && action === 'site-access';
  const closeAction = () => list.set({ action: null }, { resetPage: false, replace: true });
  const otherAction =
    isNavAction(action) && actionTargets[action].to !== '/sites'
      ? { action, ...actionTargets[action] }
      : null;
  const filtered = Boolean(list.get('q') || sitetype || status || customerid);

  return (
    <>
      <PageHeader
        title={title}
        description={
          popOnly
            ? "The provider's points of presence."
            : provider
              ? 'Every site on the network, across all customers.'
              : 'Your sites on the network and their current condition.'
        }
        crumbs={[{ label: title }]}
        actions={
          <Group gap="xs">
            <ExportCsvButton
              path="export/sites"
              query={filters}
              filename={popOnly ? 'pop-sites.csv' : 'sites.csv'}
              disabled={!sites.data || sites.data.count === 0}
            />
            {manage && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => list.set({ action: 'new-site' }, { resetPage: false })}
              >
                New site
              </Button>
            )}
          </Group>
        }
      />
      {otherAction && (
        <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} />} mb="md">
          The {otherAction.label} form opens from its own page:{' '}
          <Anchor component={Link} to={actionHref(otherAction.action)}>
            {otherAction.label}
          </Anchor>
          .
        </Alert>
      )}
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-end">
          <TextInput
            aria-label="Search sites"
            placeholder="Search by number, name or address"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          {technician && (
            <SegmentedControl
              aria-label="Which sites"
              value={popOnly ? 'pop' : 'all'}
              onChange={(value) =>
                list.set({ scope: value === 'all' ? 'all' : null, type: null, customerid: null })
              }
              data={[
                { value: 'pop', label: 'PoP sites' },
                { value: 'all', label: 'All sites' },
              ]}
            />
          )}
          {!popOnly && (
            <Select
              aria-label="Filter by site type"
              placeholder="All types"
              clearable
              data={siteTypeIds.map((t) => ({ value: String(t), label: siteTypes[t] }))}
              value={sitetype || null}
              onChange={(value) => list.set({ type: value })}
              w={{ base: '100%', xs: 170 }}
            />
          )}
          <Select
            aria-label="Filter by status"
            placeholder="Any status"
            clearable
            data={[
              { value: '1', label: 'Enabled' },
              { value: '0', label: 'Disabled' },
            ]}
            value={status || null}
            onChange={(value) => list.set({ status: value })}
            w={{ base: '100%', xs: 150 }}
          />
          {provider && !popOnly && can(actor, 'customers.view') && (
            <CustomerFilter
              customers={customers.data ?? []}
              value={customerid}
              onChange={(value) => list.set({ customerid: value })}
            />
          )}
        </Group>
        <ListPanel
          list={sites}
          params={list}
          pageSize={pageSize}
          noun="sites"
          empty={{
            icon: <IconMapPin size={28} />,
            description: manage
              ? 'Add the first site with the New site button.'
              : 'Sites appear here once the NOC has set them up.',
          }}
          noMatch={
            filtered && {
              onClear: () => list.set({ q: null, type: null, status: null, customerid: null }),
            }
          }
        >
          {(page) => (
            <SitesTable
              sites={page.results}
              showCustomer={provider}
              sort={sort}
              onSort={(next) => list.set({ sort: next })}
            />
          )}
        </ListPanel>
      </Paper>
      {manage && <CreateSiteModal opened={creating} onClose={closeAction} />}
      {can(actor, 'access.request') && (
        <RequestSiteAccessWizard opened={requestingAccess} onClose={closeAction} />
      )}
    </>
  );
}
