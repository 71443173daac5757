import { can } from '@lightpath/domain/permissions';
import { type TicketStatus, ticketStatuses, ticketStatusLabels } from '@lightpath/domain/tickets';
import { isProviderType } from '@lightpath/domain/user-types';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconTicket } from '@tabler/icons-react';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { ListPanel } from '../../../components/list-panel';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useTickets } from '../../../features/tickets/api/list-tickets';
import { TicketWizard } from '../../../features/tickets/components/ticket-wizard/ticket-wizard';
import { TicketsTable } from '../../../features/tickets/components/tickets-table';
import { useNewTicketAction } from '../../../features/tickets/use-new-ticket-action';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';

const pageSize = 25;
const crumbs = [{ label: 'Support' }, { label: 'Tickets' }];
const statusOptions = ticketStatuses.map((status) => ({ value: status, label: ticketStatusLabels[status] }));

export function TicketsPage() {
  usePageTitle('Tickets');
  const { actor } = useSession();
  const allowed = can(actor, 'tickets.view');
  const staff = isProviderType(actor.type);
  const list = useListParams();
  const wizard = useNewTicketAction(list);
  const [q] = useDebouncedValue(list.get('q').trim(), 300);
  const statusParam = list.get('status');
  const status = ticketStatuses.find((s) => s === statusParam);

  const filters = { q: q || undefined, status };
  const tickets = useTickets({ ...filters, limit: pageSize, offset: (list.page - 1) * pageSize }, allowed);

  if (!allowed) {
    return (
      <>
        <PageHeader title="Tickets" crumbs={crumbs} />
        <NoAccess what="tickets" />
      </>
    );
  }

  const filtered = Boolean(list.get('q') || status);
  const newTicket = wizard.create && (
    <Button leftSection={<IconPlus size={16} />} onClick={wizard.open}>
      New ticket
    </Button>
  );
  const exportCsv = (
    <ExportCsvButton
      path="export/tickets"
      query={filters}
      filename="tickets.csv"
      disabled={!tickets.data || tickets.data.count === 0}
    />
  );

  return (
    <>
      <PageHeader
        title="Tickets"
        description={
          staff
            ? "Every customer's support tickets and site access requests."
            : 'Faults, questions and works notices you have raised with the NOC, and their answers.'
        }
        crumbs={crumbs}
        actions={
          <Group gap="xs">
            {exportCsv}
            {newTicket}
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group gap="sm" mb="md" align="flex-end">
          <TextInput
            aria-label="Search tickets"
            placeholder="Search by ticket number or subject"
            leftSection={<IconSearch size={16} />}
            value={list.get('q')}
            onChange={(event) => list.set({ q: event.currentTarget.value }, { replace: true })}
            style={{ flex: '1 1 260px' }}
            type="search"
          />
          <Select
            aria-label="Filter by status"
            placeholder="All statuses"
            clearable
            data={statusOptions}
            value={status ?? null}
            onChange={(value) => list.set({ status: value as TicketStatus | null })}
            w={{ base: '100%', xs: 190 }}
          />
        </Group>
        <ListPanel
          list={tickets}
          params={list}
          pageSize={pageSize}
          noun="tickets"
          empty={{
            icon: <IconTicket size={28} />,
            description: wizard.create
              ? 'Report a fault, ask a question or tell the NOC about works with New ticket.'
              : 'Tickets appear here once they have been raised.',
            action: newTicket,
          }}
          noMatch={
            filtered && {
              onClear: () => list.set({ q: null, status: null }),
            }
          }
        >
          {(page) => <TicketsTable tickets={page.results} showCustomer={staff} />}
        </ListPanel>
      </Paper>
      {wizard.create && <TicketWizard opened={wizard.opened} onClose={wizard.close} />}
    </>
  );
}
