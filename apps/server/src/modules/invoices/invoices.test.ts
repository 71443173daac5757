import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Invoice, invoiceMessages } from '@lightpath/domain/invoices';
import { uploadNameMessages } from '@lightpath/domain/uploaded-files';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { invoices } from '../../db/schema/invoices';
import {
  buildTestApp,
  demo,
  type MultipartPart,
  multipart,
  problemOf,
  type TestApp,
} from '../../test/helper';

// A small size limit, so that "too large" needs only a few kilobytes.
const maxBytes = 4096;
let t: TestApp;
let uploadsDir: string;
let ids: { ung: number; ebh: number };

type Page<T> = { count: number; results: T[] };

async function list(url: string, as: string = demo.noc): Promise<Page<Invoice>> {
  const reply = await t.call({ method: 'GET', url, as });
  expect(reply.statusCode, `${url}: ${reply.body.slice(0, 200)}`).toBe(200);
  return reply.json().payload;
}

const pdf = (size = 300) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);

async function invoiceCount() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
  return row!.n;
}

async function storedFiles() {
  const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

function fields(overrides: Record<string, string | undefined> = {}): MultipartPart[] {
  const values: Record<string, string | undefined> = {
    customerid: String(ids.ung),
    invoiceid: 'BILL-2026/0042',
    invoicedate: '1793311200',
    periodstart: '2026-10-01',
    periodend: '2026-10-31',
    amount: '165000',
    gst: '15000',
    currency: 'AUD',
    status: 'issued',
    ...overrides,
  };
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([field, value]) => ({ field, value }));
}

function post(parts: MultipartPart[], as: string = demo.noc) {
  return t.call({ method: 'POST', url: '/api/invoices', as, ...multipart(parts) });
}

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'lightpath-invoices-'));
  t = await buildTestApp({ uploads: { dir: uploadsDir, maxBytes } });
  const rows = await t.database.db.select().from(customers);
  const idOf = (code: string) => rows.find((c) => c.customerCode === code)!.customerId;
  ids = { ung: idOf('UNG'), ebh: idOf('EBH') };
});

afterAll(async () => {
  await t.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

describe('GET /api/invoices/json', () => {
  it('shows a customer admin its own two years of monthly invoices, newest first', async () => {
    const page = await list('/api/invoices/json?limit=100', demo.ungAdmin);
    expect(page.count).toBe(24);
    expect(page.results.every((i) => i.customercode === 'UNG')).toBe(true);
    const dates = page.results.map((i) => i.invoicedate);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const [latest] = page.results;
    expect(latest).toMatchObject({ currency: 'AUD', status: 'issued' });
    expect(Number.isInteger(latest!.invoicedate)).toBe(true);
    expect(latest!.gst).toBe(Math.round((latest!.amount - latest!.gst) / 10));
    expect(latest!.periodstart).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('shows the NOC every customer, and filters by customer, status and period', async () => {
    const all = await list('/api/invoices/json');
    expect(all.count).toBeGreaterThan(24 * 5);
    const ebh = await list(`/api/invoices/json?customerid=${ids.ebh}&limit=100`);
    expect(ebh.count).toBe(24);
    expect(ebh.results.every((i) => i.customerid === ids.ebh)).toBe(true);
    const issued = await list('/api/invoices/json?status=issued&limit=100');
    expect(issued.count).toBeGreaterThan(0);
    expect(issued.results.every((i) => i.status === 'issued')).toBe(true);
    const month = ebh.results[3]!.periodstart.slice(0, 7);
    const inMonth = await list(`/api/invoices/json?customerid=${ids.ebh}&period=${month}`);
    expect(inMonth.results.map((i) => i.periodstart.slice(0, 7))).toEqual([month]);
    const year = month.slice(0, 4);
    const inYear = await list(`/api/invoices/json?customerid=${ids.ebh}&period=${year}&limit=100`);
    expect(inYear.count).toBe(ebh.results.filter((i) => i.periodstart.startsWith(year)).length);
  });

  it('sorts by amount and pages without overlap', async () => {
    const first = await list('/api/invoices/json?sort=amount&limit=5');
    const second = await list('/api/invoices/json?sort=amount&limit=5&offset=5');
    const amounts = [...first.results, ...second.results].map((i) => i.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const uuids = new Set([...first.results, ...second.results].map((i) => i.uuid));
    expect(uuids.size).toBe(10);
  });

  it('keeps a customer to its own even when it names another customer', async () => {
    const page = await list(`/api/invoices/json?customerid=${ids.ebh}`, demo.ungAdmin);
    expect(page.count).toBe(0);
  });

  it('refuses a customer user and engineering (403)', async () => {
    for (const as of [demo.ungUser, demo.eng, demo.tech]) {
      const reply = await t.call({ method: 'GET', url: '/api/invoices/json', as });
      expect(reply.statusCode, as).toBe(403);
    }
  });

  it('refuses a bad period or status (400)', async () => {
    for (const query of ['period=2026-13', 'period=last', 'status=draft']) {
      const reply = await t.call({ method: 'GET', url: `/api/invoices/json?${query}`, as: demo.noc });
      expect(reply.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/invoices/{uuid}/pdf', () => {
  it('draws a seeded invoice on first download and serves the same file after', async () => {
    const [invoice] = (await list('/api/invoices/json?limit=1', demo.ungAdmin)).results;
    const before = await storedFiles();
    const first = await t.call({
      method: 'GET',
      url: `/api/invoices/${invoice!.uuid}/pdf`,
      as: demo.ungAdmin,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toContain('attachment');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await storedFiles()).toBe(before + 1);
    const again = await t.call({ method: 'GET', url: `/api/invoices/${invoice!.uuid}/pdf`, as: demo.noc });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await storedFiles()).toBe(before + 1);
  });

  it("answers 404 for another customer's invoice and for none", async () => {
    const [foreign] = (await list(`/api/invoices/json?customerid=${ids.ebh}&limit=1`)).results;
    const reply = await t.call({
      method: 'GET',
      url: `/api/invoices/${foreign!.uuid}/pdf`,
      as: demo.ungAdmin,
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe(invoiceMessages.notFound);
    const none = await t.call({
      method: 'GET',
      url: '/api/invoices/00000000-0000-4000-8000-000000000000/pdf',
      as: demo.noc,
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('POST /api/invoices', () => {
  it('adds an invoice with its PDF for the NOC, which the customer then downloads as sent', async () => {
    const audits = await t.auditCount('invoice.create');
    const file = pdf();
    const reply = await post([
      ...fields(),
      { field: 'file', name: 'october.pdf', content: file, type: 'application/pdf' },
    ]);
    expect(reply.statusCode, reply.body).toBe(201);
    const created = reply.json().payload as Invoice;
    expect(created).toMatchObject({
      invoiceid: 'BILL-2026/0042',
      customercode: 'UNG',
      amount: 165000,
      gst: 15000,
      invoicedate: 1793311200,
      periodstart: '2026-10-01',
      periodend: '2026-10-31',
      status: 'issued',
    });
    expect(await t.auditCount('invoice.create')).toBe(audits + 1);
    const download = await t.call({
      method: 'GET',
      url: `/api/invoices/${created.uuid}/pdf`,
      as: demo.ungAdmin,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(file)).toBe(true);
    expect(download.headers['content-disposition']).toContain('BILL-2026-0042.pdf');
    const listed = await list('/api/invoices/json?q=BILL-2026', demo.ungAdmin);
    expect(listed.results.map((i) => i.uuid)).toEqual([created.uuid]);
    // The same number again is a conflict.
    const twice = await post([...fields(), { field: 'file', name: 'again.pdf', content: pdf() }]);
    expect(twice.statusCode).toBe(409);
  });

  it.each<[string, () => MultipartPart[], number, string]>([
    [
      'a file that is not a PDF',
      () => [
        ...fields({ invoiceid: 'X-1' }),
        {
          field: 'file',
          name: 'a.pdf',
          content: Buffer.from('GIF89a not a pdf at all'),
          type: 'application/pdf',
        },
      ],
      400,
      invoiceMessages.pdfNotPdf,
    ],
    ['no file', () => fields({ invoiceid: 'X-2' }), 400, invoiceMessages.pdfRequired],
    [
      'a file too large',
      () => [...fields({ invoiceid: 'X-3' }), { field: 'file', name: 'a.pdf', content: pdf(maxBytes + 10) }],
      413,
      invoiceMessages.pdfTooLarge(maxBytes),
    ],
    [
      'a negative amount',
      () => [...fields({ invoiceid: 'X-4', amount: '-5' }), { field: 'file', name: 'a.pdf', content: pdf() }],
      400,
      invoiceMessages.amountInvalid,
    ],
    [
      'GST above the amount',
      () => [
        ...fields({ invoiceid: 'X-5', gst: '999999' }),
        { field: 'file', name: 'a.pdf', content: pdf() },
      ],
      400,
      invoiceMessages.gstTooLarge,
    ],
    [
      'a period that ends before it starts',
      () => [
        ...fields({ invoiceid: 'X-6', periodend: '2026-09-30' }),
        { field: 'file', name: 'a.pdf', content: pdf() },
      ],
      400,
      invoiceMessages.periodBackwards,
    ],
    [
      'a date that is no date',
      () => [
        ...fields({ invoiceid: 'X-7', periodstart: '2026-02-30' }),
        { field: 'file', name: 'a.pdf', content: pdf() },
      ],
      400,
      invoiceMessages.periodStartInvalid,
    ],
    [
      'an unknown status',
      () => [
        ...fields({ invoiceid: 'X-8', status: 'draft' }),
        { field: 'file', name: 'a.pdf', content: pdf() },
      ],
      400,
      invoiceMessages.statusInvalid,
    ],
    [
      'no invoice number',
      () => [...fields({ invoiceid: undefined }), { field: 'file', name: 'a.pdf', content: pdf() }],
      400,
      invoiceMessages.numberRequired,
    ],
    [
      'an unknown customer',
      () => [
        ...fields({ invoiceid: 'X-9', customerid: '999999' }),
        { field: 'file', name: 'a.pdf', content: pdf() },
      ],
      400,
      invoiceMessages.customerNotFound,
    ],
    [
      'a file name with a path in it',
      () => [
        ...fields({ invoiceid: 'X-11' }),
        { field: 'file', name: '../../etc/passwd.pdf', content: pdf() },
      ],
      400,
      uploadNameMessages.invalid,
    ],
    [
      'a field the form does not have',
      () => [
        ...fields({ invoiceid: 'X-10' }),
        { field: 'discount', value: '5' },
        { field: 'file', name: 'a.pdf', content: pdf() },
      ],
      400,
      invoiceMessages.unknownField('discount'),
    ],
  ])('refuses %s and writes nothing', async (_, parts, status, message) => {
    const before = { rows: await invoiceCount(), files: await storedFiles() };
    const reply = await post(parts());
    expect(reply.statusCode, reply.body).toBe(status);
    if (status === 400) expect(problemOf(reply)).toBe(message);
    else expect(reply.json().message).toBe(message);
    expect({ rows: await invoiceCount(), files: await storedFiles() }).toEqual(before);
  });

  it('refuses a body that is not multipart (415)', async () => {
    const reply = await t.call({
      method: 'POST',
      url: '/api/invoices',
      as: demo.noc,
      payload: { invoiceid: 'J-1' },
    });
    expect(reply.statusCode).toBe(415);
  });

  it('refuses customers, even their admin (403)', async () => {
    const before = await invoiceCount();
    const reply = await post(
      [...fields({ invoiceid: 'C-1' }), { field: 'file', name: 'a.pdf', content: pdf() }],
      demo.ungAdmin,
    );
    expect(reply.statusCode).toBe(403);
    expect(await invoiceCount()).toBe(before);
  });
});

describe('GET /api/export/invoices', () => {
  it("exports exactly the customer admin's list, every page, with its filters", async () => {
    const page = await list('/api/invoices/json?limit=100&status=paid', demo.ungAdmin);
    const reply = await t.call({ method: 'GET', url: '/api/export/invoices?status=paid', as: demo.ungAdmin });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/csv');
    const lines = reply.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Issued (Australia/Sydney)');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(page.results.map((i) => i.invoiceid));
    expect(reply.body).not.toContain('EBH');
  });

  it('refuses a customer user (403)', async () => {
    const reply = await t.call({ method: 'GET', url: '/api/export/invoices', as: demo.ungUser });
    expect(reply.statusCode).toBe(403);
  });
});

describe('seeded invoices', () => {
  it('are PDFs drawn from lines that add up to the amount', async () => {
    const [row] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.customerId, ids.ung))
      .limit(1);
    const charges = row!.lines!.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
    expect(charges + row!.gstCents).toBe(row!.amountCents);
  });
});
