import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AccessAttachment,
  type AccessRequestReply,
  type AccessRequestRow,
  accessMessages,
  accessReasonDetails,
  uploadMessages,
} from '@lightpath/domain/access';
import { ticketMessages } from '@lightpath/domain/tickets';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { contacts, siteContacts, sites } from '../../db/schema/inventory';
import { outbox } from '../../db/schema/platform';
import { siteAccessRequests, ticketAttachments, tickets } from '../../db/schema/tickets';
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
// Sites of the University of Northgate (UNG) and one of Eastbrook Health (EBH).
let ung: { withContacts: number; other: number; customerId: number };
let ebhSite: number;

// 2026-07-01 08:00 in Sydney.
const julyFirst = 1_782_856_800;

const pdf = (size = 200) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);
const png = () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

function upload(
  siteId: number,
  parts: MultipartPart[],
  as: string = demo.noc,
  method: 'POST' | 'PUT' = 'POST',
) {
  return t.call({ method, url: `/api/site/${siteId}/access/form`, as, ...multipart(parts) });
}

async function uploaded(
  siteId: number,
  parts: MultipartPart[],
  as: string = demo.noc,
): Promise<AccessAttachment[]> {
  const reply = await upload(siteId, parts, as);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().payload.attachments;
}

function accessBody(siteId: number, change: Record<string, unknown> = {}) {
  return {
    siteID: siteId,
    technician: 'Terry Tech',
    datetime: julyFirst,
    reason: 'Maintenance Works',
    additionaldetails: accessReasonDetails['Maintenance Works'],
    preflight: false,
    ...change,
  };
}

function request(siteId: number, body: Record<string, unknown>, as: string = demo.noc, headers = {}) {
  return t.call({ method: 'POST', url: `/api/site/${siteId}/access`, as, payload: body, headers });
}

async function setAccessType(siteId: number, accessType: number, status = 1) {
  await t.database.db.update(sites).set({ accessType, status }).where(eq(sites.siteId, siteId));
}

async function count(
  table: typeof tickets | typeof siteAccessRequests | typeof ticketAttachments | typeof outbox,
) {
  const rows = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return rows[0]!.n;
}

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

// Everything a refusal must leave untouched.
async function snapshot() {
  return {
    tickets: await count(tickets),
    requests: await count(siteAccessRequests),
    attachments: await count(ticketAttachments),
    outbox: await count(outbox),
    files: (await storedFiles()).length,
  };
}

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'lightpath-access-'));
  t = await buildTestApp({ uploads: { dir: uploadsDir, maxBytes } });
  const byCode = async (code: string) =>
    (await t.database.db.select().from(customers).where(eq(customers.customerCode, code)))[0]!.customerId;
  const ungId = await byCode('UNG');
  const ebhId = await byCode('EBH');
  // A physical UNG site whose contacts have e-mail addresses (for the ccs), and another one.
  const [withContacts] = await t.database.db
    .select({ siteId: sites.siteId })
    .from(sites)
    .innerJoin(siteContacts, eq(siteContacts.siteId, sites.siteId))
    .innerJoin(contacts, eq(contacts.contactId, siteContacts.contactId))
    .where(and(eq(sites.customerId, ungId), eq(sites.siteType, 1), isNotNull(contacts.email)))
    .limit(1);
  const [other] = await t.database.db
    .select({ siteId: sites.siteId })
    .from(sites)
    .where(
      and(
        eq(sites.customerId, ungId),
        eq(sites.siteType, 1),
        sql`${sites.siteId} <> ${withContacts!.siteId}`,
      ),
    )
    .limit(1);
  const [ebh] = await t.database.db
    .select({ siteId: sites.siteId })
    .from(sites)
    .where(and(eq(sites.customerId, ebhId), eq(sites.siteType, 1)))
    .limit(1);
  ung = { withContacts: withContacts!.siteId, other: other!.siteId, customerId: ungId };
  ebhSite = ebh!.siteId;
});
afterAll(async () => {
  await t.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await setAccessType(ung.withContacts, 4);
  await setAccessType(ung.other, 1);
  await setAccessType(ebhSite, 4);
});

describe('uploading the access form', () => {
  it('stores each file and answers a token per file, linked to no ticket yet', async () => {
    const before = await snapshot();
    const attachments = await uploaded(
      ung.withContacts,
      [
        { name: 'Access form (signed).pdf', content: pdf(), field: 'form' },
        { name: 'badge.PNG', content: png(), field: 'photo', type: 'image/gif' },
      ],
      demo.ungAdmin,
    );
    expect(attachments).toEqual([
      {
        token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        filename: 'Access form (signed).pdf',
        size: 200,
        contenttype: 'application/pdf',
      },
      // The type comes from the checked content, not from what the browser claimed.
      { token: expect.any(String), filename: 'badge.PNG', size: 12, contenttype: 'image/png' },
    ]);
    const rows = await t.database.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.token, attachments[0]!.token));
    expect(rows[0]).toMatchObject({
      ticketId: null,
      siteId: ung.withContacts,
      customerId: ung.customerId,
      sizeBytes: 200,
    });
    // Stored under a key of the server's own, never under the user's file name.
    expect(rows[0]!.storageKey).toMatch(/^access\/\d{4}\/\d{2}\/[0-9a-f]{32}$/);
    const after = await snapshot();
    expect(after).toEqual({ ...before, attachments: before.attachments + 2, files: before.files + 2 });
    expect((await storedFiles()).some((f) => f.includes('Access form'))).toBe(false);
  });

  it('takes PUT the same way', async () => {
    const reply = await upload(ung.other, [{ name: 'form.pdf', content: pdf() }], demo.eng, 'PUT');
    expect(reply.statusCode, reply.body).toBe(201);
  });

  it.each<[string, MultipartPart[], number, string]>([
    [
      'a file over the size limit',
      [{ name: 'big.pdf', content: pdf(maxBytes + 1) }],
      413,
      uploadMessages.tooLarge('big.pdf', maxBytes),
    ],
    [
      'an empty file',
      [{ name: 'empty.pdf', content: Buffer.alloc(0) }],
      400,
      uploadMessages.empty('empty.pdf'),
    ],
    [
      'an .exe',
      [{ name: 'setup.exe', content: Buffer.from('MZ\x90\x00') }],
      415,
      uploadMessages.typeNotAllowed('setup.exe'),
    ],
    [
      'a legacy .doc',
      [{ name: 'form.doc', content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]) }],
      415,
      uploadMessages.typeNotAllowed('form.doc'),
    ],
    [
      'a name climbing out of its folder',
      [{ name: '../x.pdf', content: pdf() }],
      400,
      uploadMessages.nameInvalid,
    ],
    ['a name with a folder', [{ name: 'a/b.pdf', content: pdf() }], 400, uploadMessages.nameInvalid],
    [
      'a .pdf that is not a PDF',
      [{ name: 'form.pdf', content: Buffer.from('<html>not a pdf</html>') }],
      415,
      uploadMessages.contentMismatch('form.pdf'),
    ],
    [
      'a .docx that is a PDF',
      [{ name: 'form.docx', content: pdf() }],
      415,
      uploadMessages.contentMismatch('form.docx'),
    ],
    [
      'a good file with a bad one',
      [
        { name: 'ok.pdf', content: pdf() },
        { name: 'bad.pdf', content: Buffer.from('nope') },
      ],
      415,
      uploadMessages.contentMismatch('bad.pdf'),
    ],
    [
      'the same name twice',
      [
        { name: 'a.pdf', content: pdf() },
        { name: 'A.pdf', content: pdf() },
      ],
      400,
      uploadMessages.duplicateName('A.pdf'),
    ],
    [
      'six files',
      Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, content: pdf() })),
      400,
      uploadMessages.tooMany,
    ],
    [
      'a text field',
      [
        { name: 'a.pdf', content: pdf() },
        { field: 'note', value: 'hello' },
      ],
      400,
      uploadMessages.fieldsNotAllowed,
    ],
    ['no file at all', [], 400, uploadMessages.none],
  ])('refuses %s and stores nothing', async (_, parts, status, message) => {
    const before = await snapshot();
    const reply = await upload(ung.withContacts, parts);
    expect(reply.statusCode, reply.body).toBe(status);
    expect(reply.json().message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body that is not multipart', async () => {
    const reply = await t.call({
      method: 'POST',
      url: `/api/site/${ung.other}/access/form`,
      as: demo.noc,
      payload: { file: 'x' },
    });
    expect(reply.statusCode).toBe(415);
    expect(reply.json().message).toBe(uploadMessages.notMultipart);
  });

  it.each([
    [0, accessMessages.notRequired],
    [3, accessMessages.customerSystem],
    [5, accessMessages.otherMeans],
  ])('refuses uploads for a site of access type %i', async (type, message) => {
    await setAccessType(ung.other, type);
    const before = await snapshot();
    const reply = await upload(ung.other, [{ name: 'form.pdf', content: pdf() }]);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another customer's site, and 403 to roles without access.request", async () => {
    const before = await snapshot();
    const foreign = await upload(ebhSite, [{ name: 'form.pdf', content: pdf() }], demo.ungAdmin);
    expect(foreign.statusCode).toBe(404);
    for (const as of [demo.ungUser, demo.tech]) {
      const refused = await upload(ung.other, [{ name: 'form.pdf', content: pdf() }], as);
      expect(refused.statusCode, as).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('requesting site access', () => {
  it('preflight answers the ticket that would be opened and writes nothing', async () => {
    const [form] = await uploaded(
      ung.withContacts,
      [{ name: 'form <1>.pdf', content: pdf() }],
      demo.ungAdmin,
    );
    const before = await snapshot();
    const reply = await request(
      ung.withContacts,
      accessBody(ung.withContacts, {
        preflight: true,
        addccs: true,
        emergency: true,
        number: 42,
        technician: 'Terry <script>alert(1)</script>',
        additionaldetails: 'Bring the <b>spare</b> fan tray',
        attachments: [form!.token],
      }),
      demo.ungAdmin,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const plan = (reply.json().payload as AccessRequestReply).ticket.create;
    expect(plan.id).toBeNull();
    expect(plan.requester).toBe(demo.ungAdmin);
    expect(plan.attachments).toEqual(['form <1>.pdf']);
    // The site's contacts with an e-mail address, once each, and never the requester again.
    const emails = await t.database.db
      .selectDistinct({ email: contacts.email })
      .from(siteContacts)
      .innerJoin(contacts, eq(contacts.contactId, siteContacts.contactId))
      .where(and(eq(siteContacts.siteId, ung.withContacts), isNotNull(contacts.email)));
    expect(plan.ccs.length).toBeGreaterThan(0);
    expect([...plan.ccs].sort()).toEqual(
      emails
        .map((e) => e.email!)
        .filter((e) => e !== demo.ungAdmin)
        .sort(),
    );
    // User text is escaped, never markup.
    expect(plan.htmlcomment).not.toContain('<script');
    expect(plan.htmlcomment).toContain('Terry &lt;script&gt;');
    expect(plan.htmlcomment).toContain('Bring the &lt;b&gt;spare&lt;/b&gt; fan tray');
    expect(plan.htmlcomment).toContain('Access Form Required');
    expect(plan.htmlcomment).toContain('Wednesday, July 1st 2026, 8:00 am AEST');
    expect(plan.htmlcomment).toContain('<th>Emergency</th><td>Yes</td>');
    expect(plan.htmlcomment).toContain('#42');
    expect(await snapshot()).toEqual(before);

    const withoutCcs = await request(
      ung.withContacts,
      accessBody(ung.withContacts, { preflight: true, attachments: [form!.token] }),
      demo.ungAdmin,
    );
    expect(withoutCcs.json().payload.ticket.create.ccs).toEqual([]);
  });

  it('opens an access ticket with the form attached, stores the request and e-mails the requester', async () => {
    const [form] = await uploaded(ung.withContacts, [{ name: 'form.pdf', content: pdf() }], demo.ungAdmin);
    const before = await snapshot();
    const body = accessBody(ung.withContacts, {
      attachments: [form!.token],
      number: 7,
      serviceaffecting: true,
    });
    const preflight = await request(ung.withContacts, { ...body, preflight: true }, demo.ungAdmin);
    const reply = await request(ung.withContacts, body, demo.ungAdmin);
    expect(reply.statusCode, reply.body).toBe(201);
    const created = (reply.json().payload as AccessRequestReply).ticket.create;
    expect(created.id).toBeGreaterThanOrEqual(10_000);
    expect(reply.json().message).toBe(accessMessages.created(created.id!));
    // What was confirmed is what was sent.
    expect({ ...created, id: null }).toEqual(preflight.json().payload.ticket.create);

    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.ticketId, created.id!));
    expect(ticket).toMatchObject({
      customerId: ung.customerId,
      requester: demo.ungAdmin,
      kind: 'access',
      siteId: ung.withContacts,
      ticketType: 'task',
    });
    expect(ticket!.subject).toMatch(/^\[SITE ACCESS\] S\d{4} .+ - 01\/07\/26$/);
    const [stored] = await t.database.db
      .select()
      .from(siteAccessRequests)
      .where(eq(siteAccessRequests.ticketId, created.id!));
    expect(stored).toMatchObject({
      siteId: ung.withContacts,
      customerId: ung.customerId,
      accessType: 4,
      technician: 'Terry Tech',
      reason: 'Maintenance Works',
      ticketNumber: 7,
      emergency: false,
      serviceAffecting: true,
    });
    expect(stored!.accessTime.getTime()).toBe(julyFirst * 1000);
    const [linked] = await t.database.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.token, form!.token));
    expect(linked!.ticketId).toBe(created.id);
    // The ticket page lists the linked form.
    const page = await t.call({ method: 'GET', url: `/api/ticket/${created.id}`, as: demo.ungAdmin });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().payload.attachments).toEqual([
      { attachmentid: linked!.attachmentId, filename: 'form.pdf', contenttype: 'application/pdf', size: 200 },
    ]);
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.recipient, demo.ungAdmin));
    expect(mail.some((m) => m.subject?.includes(`#${created.id}`))).toBe(true);
    const after = await snapshot();
    expect(after.tickets).toBe(before.tickets + 1);
    expect(after.requests).toBe(before.requests + 1);
    expect(after.attachments).toBe(before.attachments);

    // A used upload cannot go with a second request.
    const again = await request(ung.withContacts, body, demo.ungAdmin);
    expect(again.statusCode).toBe(400);
    expect(problemOf(again)).toBe(accessMessages.attachmentUnknown);
  });

  it('serves the stored form back to whoever may see the ticket, and to nobody else', async () => {
    const content = pdf();
    const [form] = await uploaded(ung.other, [{ name: 'Access form (signed).pdf', content }], demo.ungAdmin);
    const reply = await request(
      ung.other,
      accessBody(ung.other, { attachments: [form!.token] }),
      demo.ungAdmin,
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const ticketid = (reply.json().payload as AccessRequestReply).ticket.create.id!;
    const [linked] = await t.database.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.token, form!.token));
    const url = `/api/ticket/${ticketid}/attachment/${linked!.attachmentId}`;

    for (const as of [demo.ungAdmin, demo.noc]) {
      const file = await t.call({ method: 'GET', url, as });
      expect(file.statusCode, file.body).toBe(200);
      expect(file.rawPayload.equals(content)).toBe(true);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        "attachment; filename*=UTF-8''Access%20form%20%28signed%29.pdf",
      );
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }
    // Another customer learns nothing: the ticket is not found, whatever the attachment.
    const foreign = await t.call({ method: 'GET', url, as: demo.ebhAdmin });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ticketMessages.notFound);
    // An attachment of another ticket is not served under this one.
    const [other] = await uploaded(ung.other, [{ name: 'other.pdf', content: pdf() }], demo.ungAdmin);
    const [unlinked] = await t.database.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.token, other!.token));
    const wrong = await t.call({
      method: 'GET',
      url: `/api/ticket/${ticketid}/attachment/${unlinked!.attachmentId}`,
      as: demo.ungAdmin,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(ticketMessages.attachmentNotFound);
    expect(
      (await t.call({ method: 'GET', url: `/api/ticket/${ticketid}/attachment/x`, as: demo.noc })).statusCode,
    ).toBe(400);
  });

  it('takes a type 1 request from engineering without any upload', async () => {
    const reply = await request(ung.other, accessBody(ung.other), demo.eng);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().payload.ticket.create.requester).toBe(demo.eng);
    expect(reply.json().payload.ticket.create.attachments).toEqual([]);
  });

  it('takes a courtesy notification (type 2) with empty details', async () => {
    await setAccessType(ung.other, 2);
    const reply = await request(ung.other, accessBody(ung.other, { additionaldetails: '', reason: null }));
    expect(reply.statusCode, reply.body).toBe(201);
  });

  it.each<[string, number, Record<string, unknown>, string]>([
    ['type 0', 0, {}, 'A Site Access Request is not required for this site'],
    ['type 3', 3, {}, 'Site Access is to be requested via customer system'],
    ['type 5', 5, {}, 'Site Access is to be requested via other means'],
    ['type 4 without a form', 4, {}, 'Site Access Form must be provided!'],
    ['empty details for type 1', 1, { additionaldetails: '  ' }, 'Site Access Form is Incomplete!'],
    ['no technician', 1, { technician: '' }, accessMessages.incomplete],
    ['no date', 1, { datetime: undefined }, accessMessages.incomplete],
    ['ticket number 1,000,000,000', 1, { number: 1_000_000_000 }, accessMessages.ticketRange],
    ['an unknown reason', 1, { reason: 'Coffee' }, accessMessages.reasonInvalid],
    ['another site in the body', 1, { siteID: 1 }, accessMessages.siteMismatch],
    [
      'a token nobody uploaded',
      1,
      { attachments: ['abcdefghijklmnopqrstuvwx'] },
      accessMessages.attachmentUnknown,
    ],
  ])('refuses %s with its message and writes nothing', async (_, type, change, message) => {
    await setAccessType(ung.other, type);
    for (const preflight of [true, false]) {
      const before = await snapshot();
      const reply = await request(ung.other, accessBody(ung.other, { preflight, ...change }));
      expect(reply.statusCode, reply.body).toBe(400);
      expect(problemOf(reply)).toBe(message);
      expect(await snapshot()).toEqual(before);
    }
  });

  it('refuses a disabled site', async () => {
    await setAccessType(ung.other, 1, 0);
    const reply = await request(ung.other, accessBody(ung.other));
    expect(reply.statusCode).toBe(400);
    expect(problemOf(reply)).toBe(accessMessages.siteDisabled);
  });

  it("refuses another site's upload", async () => {
    const [form] = await uploaded(ung.other, [{ name: 'form.pdf', content: pdf() }]);
    const before = await snapshot();
    const reply = await request(
      ung.withContacts,
      accessBody(ung.withContacts, { attachments: [form!.token] }),
    );
    expect(reply.statusCode).toBe(400);
    expect(problemOf(reply)).toBe(accessMessages.attachmentUnknown);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another customer's site, whatever the body, and 403 to roles without access.request", async () => {
    const before = await snapshot();
    const foreign = await request(ebhSite, accessBody(ebhSite), demo.ungAdmin);
    expect(foreign.statusCode).toBe(404);
    const foreignBadBody = await request(ebhSite, { nonsense: true }, demo.ungAdmin);
    expect(foreignBadBody.statusCode).toBe(404);
    for (const as of [demo.ungUser, demo.tech]) {
      const refused = await request(ung.other, accessBody(ung.other), as);
      expect(refused.statusCode, as).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a retry with the same Idempotency-Key with the first ticket', async () => {
    const key = `access-retry-${randomBytes(4).toString('hex')}`;
    const before = await snapshot();
    const first = await request(ung.other, accessBody(ung.other), demo.noc, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const second = await request(ung.other, accessBody(ung.other), demo.noc, { 'idempotency-key': key });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().payload.ticket.create.id).toBe(first.json().payload.ticket.create.id);
    const after = await snapshot();
    expect(after.tickets).toBe(before.tickets + 1);
    expect(after.requests).toBe(before.requests + 1);
    expect(after.outbox).toBe(before.outbox + 1);

    // The same key for another site is not a retry.
    const clash = await request(ung.withContacts, accessBody(ung.withContacts), demo.noc, {
      'idempotency-key': key,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(accessMessages.requestKeyReused);
  });

  it('answers a retry of a type 4 request, whose upload is linked by then, with the first ticket and its files', async () => {
    const [form] = await uploaded(ung.withContacts, [{ name: 'retry-form.pdf', content: pdf() }]);
    const key = `access-retry-${randomBytes(4).toString('hex')}`;
    const body = accessBody(ung.withContacts, { attachments: [form!.token] });
    const first = await request(ung.withContacts, body, demo.noc, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const before = await snapshot();
    const second = await request(ung.withContacts, body, demo.noc, { 'idempotency-key': key });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().payload.ticket.create).toEqual(first.json().payload.ticket.create);
    expect(await snapshot()).toEqual(before);
  });
});

describe("listing a site's access requests", () => {
  it('lists them newest first, only for sites in scope', async () => {
    await request(ung.other, accessBody(ung.other, { technician: 'First Tech' }), demo.ungAdmin);
    await request(ung.other, accessBody(ung.other, { technician: 'Second Tech' }), demo.ungAdmin);
    const reply = await t.call({
      method: 'GET',
      url: `/api/site/${ung.other}/access?limit=2`,
      as: demo.ungAdmin,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const page = reply.json().payload as { count: number; results: AccessRequestRow[] };
    expect(page.count).toBeGreaterThanOrEqual(2);
    expect(page.results.map((r) => r.technician)).toEqual(['Second Tech', 'First Tech']);
    expect(page.results[0]).toMatchObject({
      siteid: ung.other,
      accesstype: 1,
      datetime: julyFirst,
      reason: 'Maintenance Works',
      requestedby: expect.any(String),
      ticketid: expect.any(Number),
    });
    const foreign = await t.call({ method: 'GET', url: `/api/site/${ebhSite}/access`, as: demo.ungAdmin });
    expect(foreign.statusCode).toBe(404);
    const user = await t.call({ method: 'GET', url: `/api/site/${ung.other}/access`, as: demo.ungUser });
    expect(user.statusCode).toBe(403);
  });
});
