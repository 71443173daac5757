import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AccessAttachment,
  type AccessRequestReply,
  accessMessages,
  accessReasonDetails,
} from '@lightpath/domain/access';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { sites } from '../../db/schema/inventory';
import { siteAccessRequests, ticketAttachments, tickets } from '../../db/schema/tickets';
import { type FakeZendesk, startFakeZendesk } from '../../integrations/tickets/zendesk-fake';
import { buildTestApp, demo, type TestApp } from '../../test/helper';

// A site access request with Zendesk as the ticket system (the fake Zendesk on loopback,
// integrations/tickets/zendesk-fake.ts): the ticket number is Zendesk's, and the request row, the
// upload's link and an idempotent retry all work from it as they do with the built-in store.

let t: TestApp;
let fake: FakeZendesk;
let uploadsDir: string;
let siteId: number;

// 2026-07-01 08:00 in Sydney.
const julyFirst = 1_782_856_800;
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(191, 0x20)]);

// One file as a browser's multipart/form-data body.
function multipartFile(name: string, content: Buffer) {
  const boundary = `----lightpath${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="form"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function request(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.call({
    method: 'POST',
    url: `/api/site/${siteId}/access`,
    as: demo.ungAdmin,
    payload: body,
    headers,
  });
}

async function count(table: typeof tickets | typeof siteAccessRequests) {
  const rows = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return rows[0]!.n;
}

beforeAll(async () => {
  fake = await startFakeZendesk();
  uploadsDir = await mkdtemp(join(tmpdir(), 'lightpath-access-zendesk-'));
  t = await buildTestApp({
    uploads: { dir: uploadsDir, maxBytes: 4096 },
    zendesk: { url: fake.url, email: fake.email, apiToken: fake.token },
  });
  const [ung] = await t.database.db.select().from(customers).where(eq(customers.customerCode, 'UNG'));
  const [site] = await t.database.db
    .select({ siteId: sites.siteId })
    .from(sites)
    .where(and(eq(sites.customerId, ung!.customerId), eq(sites.siteType, 1)))
    .limit(1);
  siteId = site!.siteId;
  // Type 4: the access form must go with the request.
  await t.database.db.update(sites).set({ accessType: 4, status: 1 }).where(eq(sites.siteId, siteId));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

describe('requesting site access with Zendesk as the ticket system', () => {
  it('opens the Zendesk ticket with the form, stores the request, links the upload and answers a retry', async () => {
    const uploadReply = await t.call({
      method: 'POST',
      url: `/api/site/${siteId}/access/form`,
      as: demo.ungAdmin,
      ...multipartFile('access-form.pdf', pdf),
    });
    expect(uploadReply.statusCode, uploadReply.body).toBe(201);
    const [form] = uploadReply.json().payload.attachments as AccessAttachment[];
    const localTickets = await count(tickets);
    const key = `access-zendesk-${randomBytes(4).toString('hex')}`;
    const body = {
      siteID: siteId,
      technician: 'Terry Tech',
      datetime: julyFirst,
      reason: 'Maintenance Works',
      additionaldetails: accessReasonDetails['Maintenance Works'],
      preflight: false,
      attachments: [form!.token],
    };

    const reply = await request(body, { 'idempotency-key': key });
    expect(reply.statusCode, reply.body).toBe(201);
    const created = (reply.json().payload as AccessRequestReply).ticket.create;
    // The ticket is Zendesk's: its number, and nothing in the built-in store.
    expect(fake.data.tickets).toHaveLength(1);
    const zendeskTicket = fake.data.tickets[0]!;
    expect(created.id).toBe(zendeskTicket.id);
    expect(reply.json().message).toBe(accessMessages.created(zendeskTicket.id));
    expect(created.attachments).toEqual(['access-form.pdf']);
    expect(zendeskTicket.external_id).toBe(`access:${key}`);
    expect(zendeskTicket.tags).toContain('lightpath_kind_access');
    expect(await count(tickets)).toBe(localTickets);

    // The upload went to Zendesk with the opening comment, byte for byte.
    const [opening] = fake.data.comments.filter((c) => c.ticket_id === zendeskTicket.id);
    expect(opening!.attachments).toEqual([
      expect.objectContaining({
        file_name: 'access-form.pdf',
        content_type: 'application/pdf',
        size: pdf.length,
      }),
    ]);
    const sent = fake.data.uploads.find((u) => u.attachment.id === opening!.attachments[0]!.id);
    expect(sent!.bytes.equals(pdf)).toBe(true);

    // The request row and the upload carry Zendesk's ticket number.
    const stored = await t.database.db
      .select()
      .from(siteAccessRequests)
      .where(eq(siteAccessRequests.ticketId, zendeskTicket.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      siteId,
      accessType: 4,
      technician: 'Terry Tech',
      requestKey: `access:${key}`,
    });
    const [linked] = await t.database.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.token, form!.token));
    expect(linked!.ticketId).toBe(zendeskTicket.id);

    // A retry with the same key answers the same ticket and its file, and asks Zendesk nothing.
    const requestsBefore = fake.requests.length;
    const requestRows = await count(siteAccessRequests);
    const retry = await request(body, { 'idempotency-key': key });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().payload.ticket.create).toEqual(created);
    expect(fake.requests).toHaveLength(requestsBefore);
    expect(fake.data.tickets).toHaveLength(1);
    expect(await count(siteAccessRequests)).toBe(requestRows);

    // The used upload cannot go with another request.
    const reuse = await request(body, { 'idempotency-key': `${key}-other` });
    expect(reuse.statusCode, reuse.body).toBe(400);
    expect(reuse.json().message).toBe(accessMessages.attachmentUnknown);
    const reuseWithoutKey = await request(body);
    expect(reuseWithoutKey.statusCode, reuseWithoutKey.body).toBe(400);
    expect(reuseWithoutKey.json().message).toBe(accessMessages.attachmentUnknown);
    expect(fake.data.tickets).toHaveLength(1);
    expect(await count(siteAccessRequests)).toBe(requestRows);
    expect(await count(tickets)).toBe(localTickets);
  });
});
