import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  gstOn,
  type Invoice,
  invoiceCreateSchema,
  invoiceCsvColumns,
  invoiceListQuerySchema,
  invoiceMessages,
  invoicePdfFilename,
  isPdf,
  periodLabel,
} from './invoices';

const valid = {
  customerid: '12',
  invoiceid: 'bill-2026/0042',
  invoicedate: '1793311200',
  periodstart: '2026-10-01',
  periodend: '2026-10-31',
  amount: '165000',
  gst: '15000',
};

function messagesOf(input: unknown) {
  const result = invoiceCreateSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('an invoice added by the NOC', () => {
  it('reads the form fields as numbers, the number upper-case, and defaults currency and status', () => {
    expect(invoiceCreateSchema.parse(valid)).toEqual({
      customerid: 12,
      invoiceid: 'BILL-2026/0042',
      invoicedate: 1793311200,
      periodstart: '2026-10-01',
      periodend: '2026-10-31',
      amount: 165000,
      gst: 15000,
      currency: 'AUD',
      status: 'issued',
    });
  });

  it.each([
    ['no customer', { customerid: undefined }, invoiceMessages.customerRequired],
    ['no number', { invoiceid: ' ' }, invoiceMessages.numberRequired],
    ['a number with spaces', { invoiceid: 'INV 42' }, invoiceMessages.numberInvalid],
    ['no date', { invoicedate: undefined }, invoiceMessages.dateRequired],
    ['a date past year 9999', { invoicedate: '999999999999999' }, invoiceMessages.dateInvalid],
    ['a date in words', { invoicedate: 'tomorrow' }, invoiceMessages.dateInvalid],
    ['a period start that is no day', { periodstart: '2026-02-30' }, invoiceMessages.periodStartInvalid],
    ['a period end in another format', { periodend: '31/10/2026' }, invoiceMessages.periodEndInvalid],
    ['a period backwards', { periodend: '2026-09-30' }, invoiceMessages.periodBackwards],
    ['dollars with cents', { amount: '1650.00' }, invoiceMessages.amountInvalid],
    ['a negative amount', { amount: '-1' }, invoiceMessages.amountInvalid],
    ['GST above the amount', { gst: '200000' }, invoiceMessages.gstTooLarge],
    ['a currency by name', { currency: 'dollars' }, invoiceMessages.currencyInvalid],
    ['an unknown status', { status: 'draft' }, invoiceMessages.statusInvalid],
  ])('refuses %s', (_, change, message) => {
    expect(messagesOf({ ...valid, ...change })).toContain(message);
  });

  it('refuses a field it does not know', () => {
    expect(invoiceCreateSchema.safeParse({ ...valid, discount: '5' }).success).toBe(false);
  });
});

describe('invoice rules', () => {
  it('knows a PDF by its first bytes, not its name', () => {
    expect(isPdf(new TextEncoder().encode('%PDF-1.7\n...'))).toBe(true);
    expect(isPdf(new TextEncoder().encode('%PDF'))).toBe(false);
    expect(isPdf(new TextEncoder().encode('GIF89a'))).toBe(false);
  });

  it('takes GST as a tenth of the charges, to the cent', () => {
    expect(gstOn(150_000)).toBe(15_000);
    expect(gstOn(12_345)).toBe(1_235);
  });

  it('shows amounts with their currency', () => {
    expect(formatAmount(165_000, 'AUD')).toBe('$1,650.00');
    expect(formatAmount(5, 'NZD')).toMatch(/^NZ.*0\.05$/);
  });

  it('names a whole month by its name, and any other period by its days', () => {
    expect(periodLabel({ periodstart: '2026-02-01', periodend: '2026-02-28' })).toBe('February 2026');
    expect(periodLabel({ periodstart: '2026-02-01', periodend: '2026-02-14' })).toBe(
      '1 Feb 2026 – 14 Feb 2026',
    );
  });

  it('names the PDF after the number, without a slash', () => {
    expect(invoicePdfFilename({ invoiceid: 'BILL-2026/0042' })).toBe('Invoice BILL-2026-0042.pdf');
  });

  it('filters by a year or a month only', () => {
    expect(invoiceListQuerySchema.safeParse({ period: '2026' }).success).toBe(true);
    expect(invoiceListQuerySchema.safeParse({ period: '2026-03' }).success).toBe(true);
    expect(invoiceListQuerySchema.safeParse({ period: '2026-13' }).success).toBe(false);
    expect(invoiceListQuerySchema.safeParse({ period: 'last month' }).success).toBe(false);
  });

  it('exports the issue day in the named zone, amounts in currency units', () => {
    const invoice: Invoice = {
      uuid: 'u',
      invoiceid: 'MRN-2610-0001',
      // 31 Oct 2026 23:00 UTC: already 1 Nov in Sydney.
      invoicedate: 1_793_487_600,
      periodstart: '2026-10-01',
      periodend: '2026-10-31',
      amount: 165_000,
      gst: 15_000,
      currency: 'AUD',
      status: 'paid',
      customerid: 2,
      customercode: 'UNG',
      customername: 'University of Northgate',
    };
    const columns = invoiceCsvColumns('Australia/Sydney');
    const cells = Object.fromEntries(columns.map((c) => [c.header, c.value(invoice)]));
    expect(cells).toMatchObject({
      'Issued (Australia/Sydney)': '2026-11-01 10:00',
      Period: 'October 2026',
      Amount: '1650.00',
      GST: '150.00',
      Status: 'Paid',
    });
  });
});
