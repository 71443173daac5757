import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { faqBlocks } from '@lightpath/domain/faq';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema/customers';
import { eventServices, events, services, sites } from '../db/schema/inventory';
import { invoices } from '../db/schema/invoices';
import type { outbox } from '../db/schema/platform';
import { ticketAttachments } from '../db/schema/tickets';
import { deliverQueuedEmail } from '../platform/outbox';
import { buildTestApp, demo, type MultipartPart, multipart, type TestApp } from '../test/helper';

// Issue 19: upload abuse (size, type, name, content that lies about its type) and markup injection in
// the free text one user writes and another reads. Every upload route of the API reference is fed the
// same hostile files: a refusal stores nothing (no row, no file left in the uploads folder), an
// accepted file is kept under a key the server made, and whatever is served back is a download with
// its checked type, nosniff and a Content-Disposition no name can break. The second half writes
// script, event handlers and javascript: links into free-text fields as one user and reads them as
// another through every channel that is not plain JSON: sanitised HTML (ticket comments, e-mail
// bodies), CSV exports (formula injection), the iCalendar feed and e-mail subjects.

// A small size limit, so that "too large" needs only a few kilobytes.
const maxBytes = 4096;
let t: TestApp;
let uploadsDir: string;
let ung: { customerId: number; siteId: number };

const pdf = (size = 300) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);
const pngBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(200)]);
// A real PDF signature followed by a page: kept (it is a PDF), but never served as something to render.
const polyglot = Buffer.concat([Buffer.from('%PDF-1.7\n'), html]);

type FilePart = Extract<MultipartPart, { name: string }>;

// ---------------------------------------------------------------------------------------------------
// The upload routes. Each says how to send files to it, how many rows it has written, and the status
// of a refused type (the access form tells a wrong type, 415, from a bad request; the invoice takes a
// PDF only, and anything else is a bad field, 400).

type UploadRoute = {
  operation: string;
  send: (files: FilePart[], extra?: MultipartPart[]) => Promise<LightMyRequestResponse>;
  rows: () => Promise<number>;
  wrongType: number;
  storageArea: string;
};

let invoiceNumber = 0;

// Spec 7.4 names both methods for the access form; they do the same.
const accessForm = (method: 'POST' | 'PUT'): UploadRoute => ({
  operation: `${method} /api/site/{siteid}/access/form`,
  send: (files, extra = []) =>
    t.call({
      method,
      url: `/api/site/${ung.siteId}/access/form`,
      as: demo.ungAdmin,
      ...multipart([...files, ...extra]),
    }),
  rows: () => countOf(ticketAttachments),
  wrongType: 415,
  storageArea: 'access',
});

const routes: UploadRoute[] = [
  accessForm('POST'),
  accessForm('PUT'),
  {
    operation: 'POST /api/invoices',
    send: (files, extra = []) => {
      invoiceNumber += 1;
      const fields: Record<string, string> = {
        customerid: String(ung.customerId),
        invoiceid: `HOSTILE-${invoiceNumber}`,
        invoicedate: '1793311200',
        periodstart: '2026-10-01',
        periodend: '2026-10-31',
        amount: '165000',
        gst: '15000',
      };
      const parts: MultipartPart[] = Object.entries(fields).map(([field, value]) => ({ field, value }));
      return t.call({
        method: 'POST',
        url: '/api/invoices',
        as: demo.noc,
        ...multipart([...parts, ...files.map((f) => ({ ...f, field: 'file' })), ...extra]),
      });
    },
    rows: () => countOf(invoices),
    wrongType: 400,
    storageArea: 'invoices',
  },
];

async function countOf(table: typeof ticketAttachments | typeof invoices | typeof outbox) {
  const rows = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return rows[0]!.n;
}

// Every file under the uploads folder, by its path inside it.
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(uploadsDir, join(e.parentPath, e.name)));
}

async function written(route: UploadRoute) {
  return { rows: await route.rows(), files: (await storedFiles()).sort() };
}

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'lightpath-hostile-'));
  t = await buildTestApp({ uploads: { dir: uploadsDir, maxBytes } });
  const [customer] = await t.database.db.select().from(customers).where(eq(customers.customerCode, 'UNG'));
  const [site] = await t.database.db
    .select({ siteId: sites.siteId })
    .from(sites)
    .where(and(eq(sites.customerId, customer!.customerId), eq(sites.siteType, 1)))
    .limit(1);
  // Access type 4: the site takes uploaded forms.
  await t.database.db.update(sites).set({ accessType: 4, status: 1 }).where(eq(sites.siteId, site!.siteId));
  ung = { customerId: customer!.customerId, siteId: site!.siteId };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

describe('every upload route', () => {
  it('is in this suite: the API reference lists no multipart operation the suite does not feed', async () => {
    const reference = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const multipartOperations = Object.entries(reference.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, operation]) => operation.requestBody?.content['multipart/form-data'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(multipartOperations.sort()).toEqual(routes.map((r) => r.operation).sort());
  });

  describe.each(routes)('$operation', (route) => {
    const refusals: [string, () => Promise<LightMyRequestResponse>, number][] = [
      [
        'a file over the size limit',
        () => route.send([{ name: 'big.pdf', content: pdf(maxBytes + 1) }]),
        413,
      ],
      ['an empty file', () => route.send([{ name: 'empty.pdf', content: Buffer.alloc(0) }]), 400],
      ['a program', () => route.send([{ name: 'setup.exe', content: exe }]), route.wrongType],
      [
        'HTML named .pdf and sent as a PDF',
        () => route.send([{ name: 'form.pdf', content: html, type: 'application/pdf' }]),
        route.wrongType,
      ],
      [
        'a program named .pdf',
        () => route.send([{ name: 'form.pdf', content: exe, type: 'application/pdf' }]),
        route.wrongType,
      ],
      [
        'a PNG named .pdf',
        () => route.send([{ name: 'scan.pdf', content: pngBytes, type: 'application/pdf' }]),
        route.wrongType,
      ],
      [
        'an SVG with script named .png and sent as a PNG',
        () =>
          route.send([
            {
              name: route.storageArea === 'invoices' ? 'invoice.pdf' : 'photo.png',
              content: svg,
              type: 'image/png',
            },
          ]),
        route.wrongType,
      ],
      [
        'a PDF named .png',
        () => route.send([{ name: 'photo.png', content: pdf(), type: 'image/png' }]),
        route.storageArea === 'invoices' ? 201 : 415,
      ],
      [
        'six files',
        () => route.send(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, content: pdf() }))),
        400,
      ],
      [
        'two hundred extra fields',
        () =>
          route.send(
            [{ name: 'form.pdf', content: pdf() }],
            Array.from({ length: 200 }, (_, i) => ({ field: `x${i}`, value: 'y' })),
          ),
        400,
      ],
    ];

    it.each(refusals)('%s: answers its refusal and stores nothing', async (label, send, status) => {
      const before = await written(route);
      const reply = await send();
      expect(reply.statusCode, `${label}: ${reply.body}`).toBe(status);
      if (status === 201) return;
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(reply.json()).toMatchObject({ result: 'Failure' });
      expect(await written(route)).toEqual(before);
    });

    // Names a careless or hostile client sends. None of them may name a place in the folder: the key is
    // the server's. A name with a path, a control or direction character, or too long is refused; one
    // that is merely odd is kept as a label.
    const refusedNames: [string, string][] = [
      ['a climb out of the folder', '../../etc/passwd.pdf'],
      ['an absolute path', '/etc/passwd.pdf'],
      ['a Windows path', 'C:\\Windows\\system.pdf'],
      ['a NUL', 'form\u0000.pdf'],
      ['a line break for header injection', 'form.pdf\r\nContent-Type: text/html'],
      ['a right-to-left override', 'invoice\u202Efdp.exe.pdf'],
      ['a name of 10,000 characters', `${'a'.repeat(10_000)}.pdf`],
    ];
    it.each(refusedNames)('refuses %s in a name and stores nothing', async (label, name) => {
      const before = await written(route);
      const reply = await route.send([{ name, content: pdf() }]);
      expect(reply.statusCode, `${label}: ${reply.body}`).toBe(400);
      expect(await written(route)).toEqual(before);
    });

    it('keeps an odd but harmless name as a label only, under a key the server made', async () => {
      const before = await storedFiles();
      const name = `quote" semi; 'tick' (x) * ünï.pdf`;
      const reply = await route.send([{ name, content: pdf() }]);
      expect(reply.statusCode, reply.body).toBe(201);
      const added = (await storedFiles()).filter((f) => !before.includes(f));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(new RegExp(`^${route.storageArea}/\\d{4}/\\d{2}/[0-9a-f]{32}$`));
    });
  });

  it('refuses .htaccess and other names of no allowed type on the access form', async () => {
    for (const name of ['.htaccess', 'form.pdf.html', 'form.svg', 'form.PDF.exe', 'form']) {
      const reply = await routes[0]!.send([{ name, content: pdf() }]);
      expect(reply.statusCode, name).toBe(415);
    }
  });
});

describe('a stored file served back', () => {
  // The access form is served from the ticket it went with; the invoice from its own route.
  async function accessFormDownload(file: FilePart) {
    const upload = await routes[0]!.send([file]);
    expect(upload.statusCode, upload.body).toBe(201);
    const [attachment] = upload.json().payload.attachments as { token: string }[];
    const request = await t.call({
      method: 'POST',
      url: `/api/site/${ung.siteId}/access`,
      as: demo.ungAdmin,
      payload: {
        siteID: ung.siteId,
        technician: 'Terry Tech',
        datetime: 1_782_856_800,
        reason: 'Maintenance Works',
        additionaldetails: 'Replacing a card',
        attachments: [attachment!.token],
      },
    });
    expect(request.statusCode, request.body).toBe(201);
    const ticketid = request.json().payload.ticket.create.id as number;
    const [row] = await t.database.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.token, attachment!.token));
    // Read by another user than the uploader: the NOC.
    return t.call({
      method: 'GET',
      url: `/api/ticket/${ticketid}/attachment/${row!.attachmentId}`,
      as: demo.noc,
    });
  }

  function expectSafeDownload(reply: LightMyRequestResponse, contentType: string, filename: string) {
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe(contentType);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(reply.headers['content-disposition']);
    // One parameter, RFC 8187 encoded: nothing in it can close it or start another header.
    expect(disposition).toMatch(/^attachment; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(decodeURIComponent(disposition.replace(/^attachment; filename\*=UTF-8''/, ''))).toBe(filename);
  }

  it('serves an access form with the type its content was checked as, whatever the browser said', async () => {
    const reply = await accessFormDownload({ name: 'scan.png', content: pngBytes, type: 'text/html' });
    expectSafeDownload(reply, 'image/png', 'scan.png');
    expect(reply.rawPayload.equals(pngBytes)).toBe(true);
  });

  it('serves a PDF carrying a page as a PDF to save, never as a page on the portal', async () => {
    const reply = await accessFormDownload({ name: 'form.pdf', content: polyglot, type: 'text/html' });
    expectSafeDownload(reply, 'application/pdf', 'form.pdf');
  });

  it('keeps quotes, semicolons and apostrophes of a name inside the Content-Disposition parameter', async () => {
    const name = `quote" semi; 'tick' (x) * ünï.pdf`;
    expectSafeDownload(await accessFormDownload({ name, content: pdf() }), 'application/pdf', name);
  });

  it("serves an invoice's PDF as a download named by the invoice, not by the uploaded file", async () => {
    const upload = await routes[2]!.send([{ name: '<script>.pdf', content: polyglot }]);
    expect(upload.statusCode, upload.body).toBe(201);
    const invoice = upload.json().payload as { uuid: string; invoiceid: string };
    const reply = await t.call({
      method: 'GET',
      url: `/api/invoices/${invoice.uuid}/pdf`,
      as: demo.ungAdmin,
    });
    expectSafeDownload(reply, 'application/pdf', `Invoice ${invoice.invoiceid}.pdf`);
    expect(reply.rawPayload.equals(polyglot)).toBe(true);
  });
});

describe('a logo (a data URL in JSON)', () => {
  const dataUrl = (type: string, content: Buffer) =>
    `data:image/${type};base64,${content.toString('base64')}`;

  it.each([
    ['HTML labelled a PNG', dataUrl('png', html)],
    ['an SVG with script labelled a GIF', dataUrl('gif', svg)],
    ['a program labelled a JPEG', dataUrl('jpeg', exe)],
    ['an SVG', dataUrl('svg+xml', svg)],
  ])('refuses %s and writes nothing', async (_, logo64) => {
    const storedLogo = async () =>
      (await t.database.db.select().from(customers).where(eq(customers.customerId, ung.customerId)))[0]!
        .logo64;
    const before = await storedLogo();
    const reply = await t.call({
      method: 'PUT',
      url: '/api/customer/me',
      as: demo.ungAdmin,
      payload: { logo64 },
    });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(await storedLogo()).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------------
// Markup and formula injection in free text.

const markup = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  '<svg onload=alert(3)>',
  '<a href="javascript:alert(4)">click</a>',
  '[x](javascript:alert(5))',
];
const formulas = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-3+4', '@SUM(1)'];

// A CSV file's cells, RFC 4180 (quotes doubled, quoted cells may hold commas and line breaks).
function csvCells(text: string): string[] {
  const cells: string[] = [];
  const pattern = /"((?:[^"]|"")*)"|([^,\r\n]*)/g;
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    pattern.lastIndex = 0;
    for (const match of line.matchAll(pattern)) {
      if (match[0] === '' && match.index !== line.length && line[match.index] === ',') continue;
      cells.push(match[1] !== undefined ? match[1].replaceAll('""', '"') : (match[2] ?? ''));
    }
  }
  return cells;
}

describe('markup in free text, written by one user and read by another', () => {
  let ticketid: number;

  beforeAll(async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/ticket',
      as: demo.ungUser,
      payload: {
        issuetype: 'query',
        subject: '<img src=x onerror=alert(1)> =HYPERLINK("http://evil.example")',
        description: markup.join('\n\n'),
        tickettype: 'question',
        services: [],
        starttime: null,
        endtime: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    ticketid = created.json().payload.ticketid;
    for (const comment of markup) {
      const reply = await t.call({
        method: 'POST',
        url: `/api/ticket/${ticketid}/comment`,
        as: demo.ungUser,
        payload: { comment },
      });
      expect(reply.statusCode, reply.body).toBe(201);
    }
  });

  it('serves ticket comments as HTML with no script, no handler and no javascript: link', async () => {
    const reply = await t.call({ method: 'GET', url: `/api/ticket/${ticketid}`, as: demo.noc });
    expect(reply.statusCode, reply.body).toBe(200);
    const comments = reply.json().payload.comments as { htmlbody: string }[];
    expect(comments.length).toBeGreaterThanOrEqual(markup.length);
    for (const { htmlbody } of comments) {
      // Tags only: typed markup is kept as escaped text, which no browser runs.
      expect(htmlbody).not.toMatch(
        /<(script|img|svg|iframe|object)\b|<[^>]*\son\w+=|<a[^>]*href="javascript:/i,
      );
    }
    // Typed text is kept as text, escaped: the reader sees what was written.
    expect(comments.map((c) => c.htmlbody).join('')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('sends e-mail as plain text only, and refuses line breaks in what becomes a subject', async () => {
    // What the transport is handed: e-mail goes out as text/plain, so typed markup is inert in any
    // mail client, and no subject holds a line break that could start a header.
    const sent: Record<string, string>[] = [];
    await deliverQueuedEmail(
      t.database.db,
      { send: async (message) => void sent.push(message) },
      'noc@x',
      t.app.log,
    );
    const about = sent.filter((m) => m.subject!.includes(`#${ticketid}`));
    expect(about.length).toBeGreaterThan(0);
    for (const message of sent) {
      expect(Object.keys(message).sort()).toEqual(['from', 'subject', 'text', 'to']);
      expect(message.subject).not.toMatch(/[\r\n]/);
    }
    expect(about.some((m) => m.text!.includes('<img src=x onerror=alert(2)>'))).toBe(true);
    const broken = await t.call({
      method: 'POST',
      url: '/api/ticket',
      as: demo.ungUser,
      payload: {
        issuetype: 'query',
        subject: 'Hello\r\nBcc: everyone@example.com',
        description: 'x',
        services: [],
      },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('neutralises formulas in every CSV export cell a user wrote', async () => {
    // Contact names are single-line text: a tab or carriage return is refused there before any export.
    for (const [i, formula] of formulas.entries()) {
      const contact = await t.call({
        method: 'POST',
        url: '/api/contact',
        as: demo.ungAdmin,
        payload: { contactname: `${formula} ${i}` },
      });
      expect(contact.statusCode, contact.body).toBe(201);
    }
    const exports = [
      await t.call({ method: 'GET', url: '/api/export/contacts', as: demo.noc }),
      await t.call({ method: 'GET', url: '/api/export/tickets', as: demo.noc }),
    ];
    for (const reply of exports) {
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(String(reply.headers['content-disposition'])).toMatch(/^attachment; /);
      for (const cell of csvCells(reply.body)) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    const contacts = exports[0]!.body;
    expect(contacts).toContain(`"'=HYPERLINK(""http://evil.example"",""x"") 0"`);
    expect(contacts).toContain("'@SUM(1) 3");
  });

  it('writes markup and line breaks in an event as escaped TEXT in the calendar feed', async () => {
    // The newest UNG event, given a hostile title and description as if the NOC had typed them.
    const [event] = await t.database.db
      .select({ id: events.eventId })
      .from(events)
      .innerJoin(eventServices, eq(eventServices.eventId, events.eventId))
      .innerJoin(services, eq(services.serviceId, eventServices.serviceId))
      .where(eq(services.customerId, ung.customerId))
      .orderBy(sql`${events.startTime} desc`)
      .limit(1);
    await t.database.db
      .update(events)
      .set({
        title: '<script>alert(1)</script>',
        description:
          'Line one\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:forged\r\n<img src=x onerror=alert(2)>',
      })
      .where(eq(events.eventId, event!.id));
    const feed = await t.call({ method: 'POST', url: '/api/calendar/feed', as: demo.ungAdmin, payload: {} });
    expect(feed.statusCode, feed.body).toBe(201);
    const reply = await t.app.inject({ method: 'GET', url: new URL(feed.json().payload.url).pathname });
    expect(reply.statusCode).toBe(200);
    const lines = reply.body.replace(/\r\n /g, '').split('\r\n');
    expect(lines).not.toContain('SUMMARY:forged');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(
      lines.filter((l) => l.startsWith('UID:')).length,
    );
    expect(lines).toContain('SUMMARY:<script>alert(1)</script>');
    expect(lines.some((l) => l.startsWith('DESCRIPTION:Line one\\nEND:VEVENT\\nBEGIN:VEVENT'))).toBe(true);
  });

  it('renders no javascript: link from an FAQ article, whatever its Markdown says', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/faq',
      as: demo.noc,
      payload: {
        title: '<img src=x onerror=alert(1)>',
        body: `${markup.join('\n\n')}\n\n[ok](https://example.com) [bad](JavaScript:alert(6)) [data](data:text/html,<script>alert(7)</script>)`,
        tags: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await t.call({
      method: 'GET',
      url: `/api/faq/${created.json().payload.faqid}`,
      as: demo.ungUser,
    });
    expect(read.statusCode, read.body).toBe(200);
    const links = faqBlocks(read.json().payload.body).flatMap((block) =>
      (block.kind === 'list' ? block.items.flat() : block.inlines).filter((inline) => inline.kind === 'link'),
    );
    expect(links).toEqual([{ kind: 'link', text: 'ok', href: 'https://example.com' }]);
  });
});
