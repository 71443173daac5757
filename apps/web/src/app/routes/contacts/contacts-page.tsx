import { contactMessages } from '@lightpath/domain/contacts';
import { can } from '@lightpath/domain/permissions';
import { isProviderType } from '@lightpath/domain/user-types';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook, IconPlus, IconSearch } from '@tabler/icons-react';
import { CustomerFilter } from '../../../components/customer-filter';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useContacts } from '../../../features/contacts/api/list-contacts';
import { ContactsTable } from '../../../features/contacts/components/contacts-table';
import { CreateContactModal } from '../../../features/contacts/components/create-contact-modal';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;

// 'An error occurred retrieving contacts' (spec 8) is LoadError's title with this noun.
const loadNoun = contactMessages.loadFailed.replace('An error occurred retrieving ', '');

export function ContactsPage() {
  const { actor } = useSession();
  const allowed = can(actor, 'contacts.view');
  const manage = can(actor, 'contacts.manage');
  const provider = isProviderType(actor.type);
  const list = useListParams();
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const customerid = list.get('customerid');
  const sort = list.get('sort');
  usePageTitle('Contacts');

  const filters = {
    q: q || undefined,
    customerid: provider && customerid ? Number(customerid) : undefined,
    sort: sort || undefined,
  };
  const contacts = useContacts({ ...filters, limit: pageSize, offset: (list.page - 1) * pageSize }, allowed);
  const showCustomerFilter = provider && can(actor, 'customers.view');
  const customers = useAllCustomers(allowed && showCustomerFilter);

  if (!allowed) {
    return (
      <>
        <PageHeader title="Contacts" crumbs={[{ label: 'Contacts' }]} />
        <NoAccess what="contacts" />
      </>
    );
  }

  const creating = manage && list.get('action') === 'new-contact';
  const closeCreate = () => list.set({ action: null }, { resetPage: false, replace: true });
  const filtered = Boolean(list.get('q') || customerid);

  return (
    <>
      <PageHeader
        title="Contacts"
        description={
          provider
            ? "Every customer's contacts and the sites they stand for."
            : 'The people the NOC calls about works and outages at your sites.'
        }
        crumbs={[{ label: 'Contacts' }]}
        actions={
          <Group gap="xs">
            <ExportCsvButton
              path="export/contacts"
              query={filters}
              filename="contacts.csv"
              disabled={!contacts.data || contacts.data.count === 0}
            />
            {manage && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => list.set({ action: 'new-contact' }, { resetPage: false })}
              >
                New contact
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-end">
          <TextInput
            aria-label="Search contacts"
            placeholder="Search by name, email, title or phone"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 240px' }}
            type="search"
          />
          {showCustomerFilter && (
            <CustomerFilter
              customers={customers.data ?? []}
              value={customerid}
              onChange={(value) => list.set({ customerid: value })}
            />
          )}
        </Group>
        <ListPanel
          list={contacts}
          params={list}
          pageSize={pageSize}
          noun="contacts"
          what={loadNoun}
          empty={{
            icon: <IconAddressBook size={28} />,
            description: manage
              ? 'Add the first contact with the New contact button.'
              : 'Contacts appear here once they have been set up.',
          }}
          noMatch={
            filtered && {
              onClear: () => list.set({ q: null, customerid: null }),
            }
          }
        >
          {(page) => (
            <ContactsTable
              contacts={page.results}
              showCustomer={provider}
              sort={sort}
              onSort={(next) => list.set({ sort: next })}
            />
          )}
        </ListPanel>
      </Paper>
      {manage && (
        <CreateContactModal opened={creating} onClose={closeCreate} customerid={provider ? customerid : ''} />
      )}
    </>
  );
}
