import { formatAmount, type Invoice, invoiceMessages, periodLabel } from '@lightpath/domain/invoices';
import { ActionIcon, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { SortableTh } from '../../../components/sortable-th';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { downloadInvoicePdf } from '../api/download-invoice-pdf';
import { InvoiceStatusBadge } from './invoice-status-badge';

type Props = {
  invoices: Invoice[];
  sort: string;
  onSort: (sort: string) => void;
  // The NOC sees every customer's: the customer column is theirs alone.
  showCustomer: boolean;
};

function PdfButton({ invoice }: { invoice: Invoice }) {
  const [busy, setBusy] = useState(false);
  const label = `Download invoice ${invoice.invoiceid} (PDF)`;
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      notify.warning(errorMessage(error, invoiceMessages.pdfFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip label="Download PDF">
      <ActionIcon variant="subtle" aria-label={label} onClick={download} loading={busy}>
        <IconFileTypePdf size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

const amountOf = (invoice: Invoice) => formatAmount(invoice.amount, invoice.currency);

// On a phone each invoice is a card: its month, amount and status, and the PDF beside them.
function InvoiceCards({ invoices, showCustomer }: Pick<Props, 'invoices' | 'showCustomer'>) {
  return (
    <Stack gap="xs">
      {invoices.map((invoice) => (
        <Paper key={invoice.uuid} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4}>
              <Text fw={600} fz="sm">
                {periodLabel(invoice)}
              </Text>
              <Text fz="xs" c="dimmed" ff="monospace">
                {invoice.invoiceid}
              </Text>
              {showCustomer && <Text fz="xs">{invoice.customername}</Text>}
              <Text fz="xs" c="dimmed">
                Issued {formatDateTime(invoice.invoicedate)}
              </Text>
              <Group gap="xs">
                <Text fz="sm" fw={600}>
                  {amountOf(invoice)}
                </Text>
                <InvoiceStatusBadge status={invoice.status} />
              </Group>
            </Stack>
            <PdfButton invoice={invoice} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export function InvoicesTable({ invoices, sort, onSort, showCustomer }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  if (narrow) return <InvoiceCards invoices={invoices} showCustomer={showCustomer} />;
  return (
    <Table.ScrollContainer minWidth={showCustomer ? 960 : 760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="invoiceid" sort={sort} onSort={onSort}>
              Invoice
            </SortableTh>
            <SortableTh field="invoicedate" sort={sort} onSort={onSort}>
              Issued
            </SortableTh>
            <SortableTh field="periodstart" sort={sort} onSort={onSort}>
              Period
            </SortableTh>
            {showCustomer && (
              <SortableTh field="customername" sort={sort} onSort={onSort}>
                Customer
              </SortableTh>
            )}
            <SortableTh field="amount" sort={sort} onSort={onSort} ta="right">
              Amount (incl. GST)
            </SortableTh>
            <SortableTh field="status" sort={sort} onSort={onSort}>
              Status
            </SortableTh>
            <Table.Th>PDF</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.uuid}>
              <Table.Td ff="monospace" fz="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {invoice.invoiceid}
              </Table.Td>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(invoice.invoicedate)}
              </Table.Td>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {periodLabel(invoice)}
              </Table.Td>
              {showCustomer && <Table.Td fz="sm">{invoice.customername}</Table.Td>}
              <Table.Td
                fz="sm"
                ta="right"
                style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {amountOf(invoice)}
              </Table.Td>
              <Table.Td>
                <InvoiceStatusBadge status={invoice.status} />
              </Table.Td>
              <Table.Td>
                <PdfButton invoice={invoice} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
