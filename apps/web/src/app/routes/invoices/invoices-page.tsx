import {
  type InvoiceStatus,
  invoiceDefaultSort,
  invoiceMessages,
  invoiceStatuses,
  invoiceStatusIds,
} from '@lightpath/domain/invoices';
import { can } from '@lightpath/domain/permissions';
import { isProviderType } from '@lightpath/domain/user-types';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileInvoice, IconPlus, IconSearch } from '@tabler/icons-react';
import { CustomerFilter } from '../../../components/customer-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { type ListInvoicesParams, useInvoices } from '../../../features/invoices/api/list-invoices';
import { AddInvoiceModal } from '../../../features/invoices/components/add-invoice-modal';
import { InvoicesTable } from '../../../features/invoices/components/invoices-table';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;
const title = 'Invoices';
const crumbs = [{ label: 'Reports' }, { label: title }];
const loadNoun = invoiceMessages.loadFailed.replace('An error occurred retrieving ', '');
const statusOptions = invoiceStatusIds.map((id) => ({ value: id, label: invoiceStatuses[id] }));
const isStatus = (value: string): value is InvoiceStatus => (invoiceStatusIds as string[]).includes(value);

// The period filter: the last three years, then each of the last 24 months, newest first.
function periodOptions(now = new Date()) {
  const year = now.getFullYear();
  const years = [year, year - 1, year - 2].map((y) => ({ value: String(y), label: `All of ${y}` }));
  const months = Array.from({ length: 24 }, (_, back) => {
    const month = new Date(year, now.getMonth() - back, 1);
    const value = `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
    return { value, label: month.toLocaleDateString('en-AU', { month: 'long', year: 'numeric' }) };
  });
  return [
    { group: 'Months', items: months },
    { group: 'Years', items: years },
  ];
}
const periods = periodOptions();

export function InvoicesPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'invoices.view');
  const manage = can(actor, 'invoices.manage');
  const provider = isProviderType(actor.type);
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const customerid = list.get('customerid');
  const statusParam = list.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const period = list.get('period');
  const sort = list.get('sort') || invoiceDefaultSort;
  usePageTitle(title);
  const showCustomer = provider && allowed;
  const customers = useAllCustomers(showCustomer);

  const filters: Omit<ListInvoicesParams, 'limit' | 'offset'> = {
    q: q || undefined,
    customerid: showCustomer && customerid ? Number(customerid) : undefined,
    status,
    period: period || undefined,
    sort,
  };
  const invoices = useInvoices({ ...filters, limit: pageSize, offset: (list.page - 1) * pageSize }, allowed);

  if (!allowed) {
    return (
      <>
        <PageHeader title={title} crumbs={crumbs} />
        <NoAccess what="invoices" />
      </>
    );
  }

  const adding = manage && list.get('action') === 'new-invoice';
  const closeAdd = () => list.set({ action: null }, { resetPage: false, replace: true });
  const filtered = Boolean(list.get('q') || customerid || status || period);

  return (
    <>
      <PageHeader
        title={title}
        description={
          provider
            ? "Every customer's monthly invoices, with their PDFs."
            : 'Your monthly invoices from the network, with their PDFs for your finance office.'
        }
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            <ExportCsvButton
              path="export/invoices"
              query={filters}
              filename="invoices.csv"
              disabled={!invoices.data || invoices.data.count === 0}
            />
            {manage && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => list.set({ action: 'new-invoice' }, { resetPage: false })}
              >
                Add invoice
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-end">
          <TextInput
            aria-label="Search invoices"
            placeholder={provider ? 'Search by invoice number or customer' : 'Search by invoice number'}
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
            aria-label="Period"
            placeholder="Any period"
            clearable
            data={periods}
            value={period || null}
            onChange={(value) => list.set({ period: value })}
            w={{ base: '100%', xs: 190 }}
          />
          <Select
            aria-label="Status"
            placeholder="Any status"
            clearable
            data={statusOptions}
            value={status ?? null}
            onChange={(value) => list.set({ status: value })}
            w={{ base: '100%', xs: 160 }}
          />
        </Group>
        <ListPanel
          list={invoices}
          params={list}
          pageSize={pageSize}
          noun="invoices"
          what={loadNoun}
          empty={{
            icon: <IconFileInvoice size={28} />,
            description: manage
              ? 'Add one with the Add invoice button.'
              : 'Your invoices appear here each month once issued.',
          }}
          noMatch={
            filtered && {
              onClear: () => list.set({ q: null, customerid: null, status: null, period: null }),
            }
          }
        >
          {(page) => (
            <InvoicesTable
              invoices={page.results}
              sort={sort}
              onSort={(next) => list.set({ sort: next })}
              showCustomer={showCustomer}
            />
          )}
        </ListPanel>
      </Paper>
      {manage && <AddInvoiceModal opened={adding} onClose={closeAdd} customerid={customerid} />}
    </>
  );
}
