import { type InvoiceStatus, invoiceStatuses } from '@lightpath/domain/invoices';
import { Badge } from '@mantine/core';

const colours: Record<InvoiceStatus, string> = { issued: 'blue', paid: 'teal', overdue: 'red', void: 'gray' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge color={colours[status]} variant="light">
      {invoiceStatuses[status]}
    </Badge>
  );
}
