import {
  defaultCurrency,
  gstOn,
  invoiceCreateSchema,
  invoiceMessages,
  invoiceStatuses,
  invoiceStatusIds,
  isPdf,
} from '@lightpath/domain/invoices';
import { Button, FileInput, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypePdf } from '@tabler/icons-react';
import { notify } from '../../../lib/notify';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { labelWithZone, secondsFromInputs } from '../../../lib/time-zone';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateInvoice } from '../api/create-invoice';

type Props = { opened: boolean; onClose: () => void; customerid?: string };

type Values = {
  customerid: string;
  invoiceid: string;
  invoicedate: string;
  periodstart: string;
  periodend: string;
  amount: string;
  gst: string;
  currency: string;
  status: string;
  file: File | null;
};

const blank = (customerid: string): Values => ({
  customerid,
  invoiceid: '',
  invoicedate: '',
  periodstart: '',
  periodend: '',
  amount: '',
  gst: '',
  currency: defaultCurrency,
  status: 'issued',
  file: null,
});

// Dollars as typed ('1,234.50') to whole cents; anything unreadable goes as typed, so the domain's own
// message says what is wrong with it.
function toCents(dollars: string): string {
  const plain = dollars.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return plain;
  return String(Math.round(Number(plain) * 100));
}

// The form as the API's multipart fields. The issue date is read at 9 am in the reader's zone.
function toFields(values: Values): Record<string, string> {
  const issued = values.invoicedate ? secondsFromInputs(values.invoicedate, '09:00') : null;
  const fields: Record<string, string> = {
    customerid: values.customerid,
    invoiceid: values.invoiceid,
    invoicedate: issued === null ? '' : String(issued),
    periodstart: values.periodstart,
    periodend: values.periodend,
    amount: toCents(values.amount),
    currency: values.currency,
    status: values.status,
  };
  if (values.gst.trim() !== '') fields.gst = toCents(values.gst);
  return fields;
}

const validateFields = zodResolver(invoiceCreateSchema, toFields);
const statusOptions = invoiceStatusIds.map((id) => ({ value: id, label: invoiceStatuses[id] }));

// The NOC adds an invoice from its billing system: the figures as billed and the PDF as sent.
export function AddInvoiceModal({ opened, onClose, customerid = '' }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  const create = useCreateInvoice();
  const customers = useAllCustomers(opened);
  const form = useForm<Values>({
    initialValues: blank(customerid),
    validate: (values) => ({
      ...validateFields(values),
      ...(values.file ? {} : { file: invoiceMessages.pdfRequired }),
    }),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    const file = values.file!;
    // The server checks the content too; this spares uploading a file that is plainly not a PDF.
    if (!isPdf(new Uint8Array(await file.slice(0, 8).arrayBuffer()))) {
      form.setFieldError('file', invoiceMessages.pdfNotPdf);
      return;
    }
    create.mutate(
      { fields: toFields(values), file },
      {
        onSuccess: ({ payload }) => {
          notify.success(`${invoiceMessages.created}: ${payload.invoiceid}`);
          close();
        },
        onError: (error) => reportFormError(form, error, invoiceMessages.createFailed),
      },
    );
  });

  // Ten per cent of the charges, when the amount typed is the total including GST.
  const suggestedGst = () => {
    const cents = Number(toCents(form.values.amount));
    if (!Number.isFinite(cents) || cents <= 0) return;
    const charges = Math.round(cents / 1.1);
    form.setFieldValue('gst', (gstOn(charges) / 100).toFixed(2));
  };

  return (
    <Modal opened={opened} onClose={close} title="Add invoice" size="lg" fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Customer"
              required
              searchable
              data-autofocus
              placeholder={customers.isPending ? 'Loading customers…' : 'Choose a customer'}
              nothingFoundMessage="No matching customer"
              data={(customers.data ?? []).map((c) => ({
                value: String(c.customerid),
                label: `${c.customername} (${c.customercode})`,
              }))}
              {...form.getInputProps('customerid')}
            />
            <TextInput
              label="Invoice number"
              placeholder="As billed, e.g. INV-2026-0042"
              required
              {...form.getInputProps('invoiceid')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={labelWithZone('Issued')}
              type="date"
              required
              {...form.getInputProps('invoicedate')}
            />
            <TextInput label="Period from" type="date" required {...form.getInputProps('periodstart')} />
            <TextInput label="Period to" type="date" required {...form.getInputProps('periodend')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Amount (incl. GST)"
              placeholder="1,650.00"
              inputMode="decimal"
              required
              {...form.getInputProps('amount')}
              onBlur={() => {
                if (form.values.gst.trim() === '') suggestedGst();
              }}
            />
            <TextInput label="GST" placeholder="150.00" inputMode="decimal" {...form.getInputProps('gst')} />
            <TextInput label="Currency" maxLength={3} {...form.getInputProps('currency')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Status"
              required
              data={statusOptions}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
            <FileInput
              label="PDF"
              required
              accept="application/pdf,.pdf"
              leftSection={<IconFileTypePdf size={16} />}
              clearable
              {...form.getInputProps('file')}
            />
          </SimpleGrid>
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add invoice
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
