import { type ServiceCondition, serviceConditions } from '@lightpath/domain/conditions';
import { can } from '@lightpath/domain/permissions';
import {
  type ServiceGroup,
  type ServiceLetter,
  serviceGroups,
  serviceLetters,
  serviceStatuses,
  serviceTypes,
} from '@lightpath/domain/services';
import { isProviderType } from '@lightpath/domain/user-types';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconRoute, IconSearch } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { CustomerFilter } from '../../../components/customer-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { NetworkJump } from '../../../features/services/components/network-jump';
import { NewServiceModal } from '../../../features/services/components/new-service-modal';
import { ServicesTable } from '../../../features/services/components/services-table';
import { useSiteVisibility } from '../../../features/services/use-site-visibility';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useServices } from '../../../lib/queries/list-services';
import { groupForPath } from '../../../lib/service-links';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 100;
const newServiceAction = 'new-service';

const titles: Record<ServiceGroup | 'all', string> = {
  all: 'All Services',
  unmanaged: 'Unmanaged Services',
  managed: 'Managed Services',
  vpls: 'VPLS Networks',
  internet: 'Internet Services',
  l3vpn: 'L3VPN Services',
};

const descriptions: Record<ServiceGroup | 'all', string> = {
  all: 'Every network service in your view, with where it runs and how it is doing.',
  unmanaged: 'Dark fibre and unmanaged circuits.',
  managed: 'Managed Ethernet, fibre channel and layer 2 services.',
  vpls: 'Connections into VPLS networks, including internet over VPLS.',
  internet: 'Internet services.',
  l3vpn: 'Layer 3 VPN services.',
};

function letterLabel(letter: ServiceLetter) {
  return `${letter} · ${serviceTypes[letter].name}`;
}

// One page for /services and each group route (spec 2.2); the group comes from the path.
export function ServicesPage() {
  const { pathname } = useLocation();
  const group = groupForPath(pathname);
  const title = titles[group ?? 'all'];
  usePageTitle(title);
  const { actor } = useSession();
  const allowed = can(actor, 'services.view');
  const staff = isProviderType(actor.type);
  const canManage = can(actor, 'services.manage');
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const type = list.get('type');
  const status = list.get('status');
  const condition = list.get('condition');
  const customerid = list.get('customerid');
  const sort = list.get('sort');
  const canOpenSite = useSiteVisibility();

  const letters: readonly ServiceLetter[] = group ? serviceGroups[group].letters : serviceLetters;
  const filters = {
    q: q || undefined,
    group: group ?? undefined,
    type: type && (letters as readonly string[]).includes(type) ? type : undefined,
    status: status ? Number(status) : undefined,
    condition: condition ? Number(condition) : undefined,
    customerid: staff && customerid ? Number(customerid) : undefined,
    sort: sort || undefined,
  };
  const services = useServices({ limit: pageSize, offset: (list.page - 1) * pageSize, ...filters }, allowed);
  const customers = useAllCustomers(allowed && staff && can(actor, 'customers.view'));

  const crumbs = [{ label: 'Services', to: '/services' }, { label: title }];
  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="services" />
      </>
    );
  }

  // The sidebar's New Service item lands here with ?action=new-service (spec 2.6: it is a modal).
  const creating = canManage && list.get('action') === newServiceAction;
  const openCreate = () => list.set({ action: newServiceAction }, { resetPage: false });
  const closeCreate = () => list.set({ action: null }, { resetPage: false, replace: true });
  const filtered = Boolean(list.get('q') || type || status || condition || customerid);

  return (
    <>
      <PageHeader
        title={title}
        description={descriptions[group ?? 'all']}
        crumbs={group ? crumbs : [{ label: 'Services' }, { label: title }]}
        actions={
          <Group gap="xs">
            <ExportCsvButton
              path="export/services"
              query={filters}
              filename={`${title.toLowerCase().replaceAll(' ', '-')}.csv`}
              disabled={!services.data || services.data.count === 0}
            />
            {canManage && (
              <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
                New service
              </Button>
            )}
          </Group>
        }
      />
      {group === 'vpls' && <NetworkJump sitetype={2} />}
      {group === 'l3vpn' && <NetworkJump sitetype={4} />}
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-end">
          <TextInput
            aria-label="Search services"
            placeholder="Search by service id, description or site"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 260px' }}
            type="search"
          />
          {letters.length > 1 && (
            <Select
              aria-label="Filter by service type"
              placeholder="All types"
              clearable
              data={letters.map((letter) => ({ value: letter, label: letterLabel(letter) }))}
              value={type || null}
              onChange={(value) => list.set({ type: value })}
              w={{ base: '100%', xs: 200 }}
            />
          )}
          <Select
            aria-label="Filter by status"
            placeholder="In use"
            clearable
            data={Object.entries(serviceStatuses).map(([value, label]) => ({ value, label }))}
            value={status || null}
            onChange={(value) => list.set({ status: value })}
            w={{ base: '100%', xs: 150 }}
          />
          <Select
            aria-label="Filter by condition"
            placeholder="Any condition"
            clearable
            data={(Object.keys(serviceConditions) as unknown as ServiceCondition[]).map((value) => ({
              value: String(value),
              label: serviceConditions[value].name,
            }))}
            value={condition || null}
            onChange={(value) => list.set({ condition: value })}
            w={{ base: '100%', xs: 160 }}
          />
          {staff && customers.data && (
            <CustomerFilter
              customers={customers.data}
              value={customerid}
              onChange={(value) => list.set({ customerid: value })}
            />
          )}
        </Group>
        <ListPanel
          list={services}
          params={list}
          pageSize={pageSize}
          noun="services"
          empty={{
            icon: <IconRoute size={28} />,
            title: 'No services here yet',
            description: canManage
              ? 'Add one with the New service button.'
              : 'Services appear here once the network team has provisioned them.',
          }}
          noMatch={
            filtered && {
              onClear: () =>
                list.set({ q: null, type: null, status: null, condition: null, customerid: null }),
            }
          }
        >
          {(page) => (
            <ServicesTable
              services={page.results}
              showCustomer={staff}
              canOpenSite={canOpenSite}
              sort={sort}
              onSort={(next) => list.set({ sort: next })}
            />
          )}
        </ListPanel>
      </Paper>
      {canManage && <NewServiceModal opened={creating} onClose={closeCreate} />}
    </>
  );
}
