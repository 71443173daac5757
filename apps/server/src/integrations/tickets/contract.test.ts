import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { sites } from '../../db/schema/inventory';
import { users } from '../../db/schema/users';
import { NotFound } from '../../platform/errors';
import { sanitiseHtml, textToHtml } from '../../platform/sanitise-html';
import { seededDatabase } from '../../test/helper';
import { builtInTickets } from './built-in';
import type { NewTicket, TicketSystem } from './ticket-system';
import { ZendeskError, type ZendeskOptions, zendeskTickets } from './zendesk';
import { type FakeTicket, type FakeZendesk, startFakeZendesk } from './zendesk-fake';

// The Zendesk client against a fake Zendesk Support API on loopback (zendesk-fake.ts), through the
// TicketSystem methods only; then one behaviour suite run against both ticket systems.

let database: Database;
let drop: () => Promise<void>;
let fake: FakeZendesk;
let logLines: string[] = [];
const log = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) });

const ids = { ung: 0, ebh: 0, provider: 0, site: 0, siteName: '', tech: 0, customerAdmin: 0 };

beforeAll(async () => {
  ({ database, drop } = await seededDatabase());
  const all = await database.db.select().from(customers);
  ids.ung = all.find((c) => c.customerCode === 'UNG')!.customerId;
  ids.ebh = all.find((c) => c.customerCode === 'EBH')!.customerId;
  ids.provider = all.find((c) => c.isProvider)!.customerId;
  const [site] = await database.db.select().from(sites).where(eq(sites.customerId, ids.ung)).limit(1);
  ids.site = site!.siteId;
  ids.siteName = site!.siteName;
  const people = await database.db.select().from(users);
  ids.tech = people.find((u) => u.email === 'tech@meridian.example')!.userId;
  ids.customerAdmin = people.find((u) => u.email === 'admin@northgate.example')!.userId;
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
  await drop?.();
});

beforeEach(async () => {
  await fake?.close();
  fake = await startFakeZendesk();
  logLines = [];
});

const client = (overrides: Partial<ZendeskOptions> = {}) =>
  zendeskTickets({ url: fake.url, email: fake.email, apiToken: fake.token, ...overrides }, { log });

function newTicket(overrides: Partial<NewTicket> = {}): NewTicket {
  return {
    customerId: ids.ung,
    requester: 'admin@northgate.example',
    ccs: ['noc@meridian.example', 'ops@northgate.example'],
    subject: '[OUTAGE] UNG0012004701B down',
    htmlcomment: '<p>Link is down since 09:00.</p>',
    tickettype: 'incident',
    services: ['UNG0012004701B', 'UNG0012004702B'],
    starttime: 1_767_600_000,
    endtime: null,
    createdBy: ids.customerAdmin,
    ...overrides,
  };
}

const requestsTo = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.path === path);
const stored = (id: number) => fake.data.tickets.find((t) => t.id === id)!;
const commentsOf = (id: number) => fake.data.comments.filter((c) => c.ticket_id === id);
const db = () => database.db;

describe('Zendesk client against a fake Zendesk Support API', () => {
  it('creates a ticket in the customer organization, mapping the portal fields onto Zendesk', async () => {
    const { ticketid } = await client().createTicket(
      db(),
      newTicket({ kind: 'access', siteId: ids.site, assigneeUserId: ids.tech }),
      'ticket:create:abc',
    );
    const expectedAuth = `Basic ${Buffer.from(`${fake.email}/token:${fake.token}`).toString('base64')}`;
    for (const r of fake.requests) expect(r.authorization).toBe(expectedAuth);
    // The organization did not exist: it was looked up by external_id, then created.
    expect(requestsTo('GET', '/api/v2/organizations/search.json')[0]!.query.get('external_id')).toBe('UNG');
    expect(fake.data.organizations).toEqual([
      expect.objectContaining({ name: 'University of Northgate', external_id: 'UNG' }),
    ]);
    const [post] = requestsTo('POST', '/api/v2/tickets.json');
    expect(post!.idempotencyKey).toBe('ticket:create:abc');
    const sent = JSON.parse(post!.body.toString()).ticket;
    expect(sent).toMatchObject({
      external_id: 'ticket:create:abc',
      subject: '[OUTAGE] UNG0012004701B down',
      comment: { html_body: '<p>Link is down since 09:00.</p>', public: true },
      requester: { name: 'Alex Morgan', email: 'admin@northgate.example' },
      email_ccs: [
        { user_email: 'noc@meridian.example', action: 'put' },
        { user_email: 'ops@northgate.example', action: 'put' },
      ],
      organization_id: fake.data.organizations[0]!.id,
      type: 'incident',
    });
    const ticket = stored(ticketid);
    expect(ticket.tags).toEqual([
      'lightpath_kind_access',
      `lightpath_site_${ids.site}`,
      `lightpath_assignee_${ids.tech}`,
      'lightpath_service_ung0012004701b',
      'lightpath_service_ung0012004702b',
      'lightpath_start_1767600000',
    ]);
    expect(fake.data.users.find((u) => u.id === ticket.requester_id)?.email).toBe('admin@northgate.example');

    expect(await client().findTicket(db(), ticketid)).toEqual({
      ticketid,
      customerid: ids.ung,
      subject: '[OUTAGE] UNG0012004701B down',
      tickettype: 'incident',
      status: 'new',
      starttime: 1_767_600_000,
      endtime: null,
      services: ['UNG0012004701B', 'UNG0012004702B'],
    });
    expect(await client().findTicket(db(), 999_999)).toBeNull();
  });

  it('a retried create finds the first ticket by external_id and creates nothing', async () => {
    const first = await client().createTicket(db(), newTicket(), 'event:7:r1:c3:ticket0');
    const again = await client().createTicket(db(), newTicket(), 'event:7:r1:c3:ticket0');
    expect(again.ticketid).toBe(first.ticketid);
    expect(fake.data.tickets).toHaveLength(1);
    expect(requestsTo('POST', '/api/v2/tickets.json')).toHaveLength(1);
    expect(requestsTo('GET', '/api/v2/tickets.json').at(-1)!.query.get('external_id')).toBe(
      'event:7:r1:c3:ticket0',
    );
    // Another key is another ticket; the organization comes from the process cache.
    const other = await client().createTicket(db(), newTicket(), 'event:7:r1:c3:ticket1');
    expect(other.ticketid).not.toBe(first.ticketid);
    expect(requestsTo('GET', '/api/v2/organizations/search.json')).toHaveLength(1);
    expect(fake.data.organizations).toHaveLength(1);
  });

  it('uses an existing organization found by external_id, and maps a hazard to a tagged task', async () => {
    fake.data.organizations.push({ id: 555, name: 'Eastbrook Health (Zendesk)', external_id: 'EBH' });
    const { ticketid } = await client().createTicket(
      db(),
      newTicket({
        customerId: ids.ebh,
        requester: 'Jordan Price <jordan@eastbrook.example>',
        tickettype: 'hazard',
        ccs: [],
      }),
      'k-hazard',
    );
    expect(requestsTo('POST', '/api/v2/organizations.json')).toHaveLength(0);
    expect(stored(ticketid)).toMatchObject({ organization_id: 555, type: 'task' });
    expect(stored(ticketid).tags).toContain('lightpath_hazard');
    expect(fake.data.users.find((u) => u.id === stored(ticketid).requester_id)).toMatchObject({
      name: 'Jordan Price',
      email: 'jordan@eastbrook.example',
    });
    expect(await client().findTicket(db(), ticketid)).toMatchObject({
      customerid: ids.ebh,
      tickettype: 'hazard',
    });
  });

  it('uses the organization another first ticket created meanwhile; a same-named stranger is refused', async () => {
    // Another instance creates UNG's organization between this one's search and its create.
    const realFetch = globalThis.fetch;
    const racing: typeof fetch = async (input, init) => {
      if (init?.method === 'POST' && String(input).includes('/organizations.json'))
        fake.data.organizations.push({ id: 4242, name: 'University of Northgate', external_id: 'UNG' });
      return realFetch(input, init);
    };
    const { ticketid } = await client({ fetch: racing }).createTicket(db(), newTicket(), 'k-org-race');
    expect(stored(ticketid).organization_id).toBe(4242);
    expect(fake.data.organizations).toHaveLength(1);
    // An organization with the customer's name but not its code is not taken over.
    fake.data.organizations.push({ id: 4343, name: 'Eastbrook Health', external_id: null });
    const refused = client().createTicket(db(), newTicket({ customerId: ids.ebh }), 'k-org-name');
    await expect(refused).rejects.toMatchObject({
      status: 502,
      message: 'Zendesk refused the change: Name: has already been taken',
    });
    expect(fake.data.tickets).toHaveLength(1);
  });

  it('a kept organization that was merged or deleted in Zendesk is looked up again, for new tickets and lists', async () => {
    const first = await client().createTicket(db(), newTicket(), 'k-stale-1');
    // An administrator merges the customer's organization into another that carries its code: the
    // kept id is refused (422), so the client looks the code up again and sends once more.
    const merge = (into: number) => {
      fake.data.organizations.splice(0, Infinity, {
        id: into,
        name: `Northgate ${into}`,
        external_id: 'UNG',
      });
      for (const t of fake.data.tickets) t.organization_id = into;
    };
    merge(9100);
    const second = await client().createTicket(db(), newTicket(), 'k-stale-2');
    expect(stored(second.ticketid).organization_id).toBe(9100);
    expect(fake.data.tickets).toHaveLength(2);
    // The refused request and the new one have keys of their own; the external id stays the key.
    expect(requestsTo('POST', '/api/v2/tickets.json').map((r) => r.idempotencyKey)).toEqual([
      'k-stale-1',
      'k-stale-2',
      'k-stale-2:organization:9100',
    ]);
    expect(stored(second.ticketid).external_id).toBe('k-stale-2');
    // The customer's list: a stale organization's list is a 404, read again under the new one, for a
    // window of Zendesk's pages and for a list filtered here alike.
    const list = (q?: string) =>
      client().listTickets(db(), { customerId: ids.ung, sort: 'ticketid', limit: 20, offset: 0, q });
    merge(9200);
    expect((await list()).results.map((r) => r.ticketid)).toEqual([first.ticketid, second.ticketid]);
    merge(9300);
    expect((await list('outage')).count).toBe(2);
    expect(requestsTo('GET', '/api/v2/organizations/9300/tickets.json')).toHaveLength(1);
    // Deleted with no successor: the list is empty, and the next ticket creates the organization anew.
    fake.data.organizations.splice(0, Infinity);
    expect(await list()).toEqual({ count: 0, results: [] });
    const third = await client().createTicket(db(), newTicket(), 'k-stale-3');
    expect(fake.data.organizations).toEqual([
      expect.objectContaining({ name: 'University of Northgate', external_id: 'UNG' }),
    ]);
    expect(stored(third.ticketid).organization_id).toBe(fake.data.organizations[0]!.id);
  });

  it('uploads each attachment first and sends the tokens with the opening comment', async () => {
    const pdf = Buffer.from('%PDF-1.4 site access form');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);
    const { ticketid } = await client().createTicket(
      db(),
      newTicket({
        kind: 'access',
        attachments: [
          {
            attachmentId: 1,
            fileName: 'access form.pdf',
            contentType: 'application/pdf',
            sizeBytes: pdf.length,
            read: async () => pdf,
          },
          {
            attachmentId: 2,
            fileName: 'map.png',
            contentType: 'image/png',
            sizeBytes: png.length,
            read: async () => png,
          },
        ],
      }),
      'k-attach',
    );
    const uploads = requestsTo('POST', '/api/v2/uploads.json');
    expect(uploads.map((u) => [u.query.get('filename'), u.contentType])).toEqual([
      ['access form.pdf', 'application/pdf'],
      ['map.png', 'image/png'],
    ]);
    expect(fake.data.uploads.map((u) => u.bytes)).toEqual([pdf, png]);
    const sent = JSON.parse(requestsTo('POST', '/api/v2/tickets.json')[0]!.body.toString()).ticket;
    expect(sent.comment.uploads).toEqual(fake.data.uploads.map((u) => u.token));
    // The uploads came before the ticket.
    const paths = fake.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths.lastIndexOf('POST /api/v2/uploads.json')).toBeLessThan(
      paths.indexOf('POST /api/v2/tickets.json'),
    );
    const detail = await client().getTicket(db(), ticketid);
    expect(detail!.attachments).toEqual([
      {
        attachmentid: expect.any(Number),
        filename: 'access form.pdf',
        contenttype: 'application/pdf',
        size: pdf.length,
      },
      { attachmentid: expect.any(Number), filename: 'map.png', contenttype: 'image/png', size: png.length },
    ]);
  });

  it('reads a ticket with its comments oldest first, sanitised, with portal names and users', async () => {
    const { ticketid } = await client().createTicket(
      db(),
      newTicket({ kind: 'job', siteId: ids.site, assigneeUserId: ids.tech, tickettype: 'task' }),
      'k-detail',
    );
    await client().addComment(
      db(),
      ticketid,
      { author: 'Alex Morgan', authorUserId: ids.customerAdmin, htmlcomment: '<p>Any update?</p>' },
      'comment:1',
    );
    fake.agentReply(
      ticketid,
      '<p onclick="steal()">Crew is <b>on site</b>.</p><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror=alert(3)>',
    );
    const detail = await client().getTicket(db(), ticketid);
    expect(detail).toMatchObject({
      ticketid,
      subject: '[OUTAGE] UNG0012004701B down',
      status: 'open',
      tickettype: 'task',
      kind: 'job',
      customerid: ids.ung,
      customercode: 'UNG',
      requester: 'admin@northgate.example',
      siteid: ids.site,
      sitename: ids.siteName,
      assigneeuserid: ids.tech,
      assigneename: 'Tom Hale',
      description: 'Link is down since 09:00.',
      ccs: ['noc@meridian.example', 'ops@northgate.example'],
      services: ['UNG0012004701B', 'UNG0012004702B'],
      starttime: 1_767_600_000,
      endtime: null,
    });
    const comments = detail!.comments;
    expect(comments.map((c) => c.author)).toEqual(['Lightpath Portal', 'Alex Morgan', 'Lightpath Portal']);
    expect(comments.map((c) => c.authoruserid)).toEqual([null, ids.customerAdmin, null]);
    expect(comments[0]!.created_at).toBeLessThan(comments[1]!.created_at);
    expect(comments[1]!.created_at).toBeLessThan(comments[2]!.created_at);
    expect(comments[0]!.htmlbody).toBe('<div><p>Link is down since 09:00.</p></div>');
    expect(comments[2]!.htmlbody).toBe(
      '<div><p>Crew is <b>on site</b>.</p><a target="_blank" rel="noopener noreferrer nofollow">x</a></div>',
    );
    expect(detail!.created_at).toBe(Date.parse('2026-01-05T00:00:01Z') / 1000);
    expect(await client().getTicket(db(), 424_242)).toBeNull();
  });

  it('adds a comment as the portal user, once per dedupe key', async () => {
    const { ticketid } = await client().createTicket(db(), newTicket(), 'k-comment');
    const comment = {
      author: 'Alex Morgan',
      authorUserId: ids.customerAdmin,
      htmlcomment: '<p>Still down.</p>',
    };
    await client().addComment(db(), ticketid, comment, 'ticket:1:comment:a');
    await client().addComment(db(), ticketid, comment, 'ticket:1:comment:a');
    expect(commentsOf(ticketid)).toHaveLength(2);
    const author = fake.data.users.find((u) => u.id === commentsOf(ticketid)[1]!.author_id)!;
    expect(author).toMatchObject({ name: 'Alex Morgan', email: 'admin@northgate.example' });
    expect(commentsOf(ticketid)[1]).toMatchObject({ html_body: '<p>Still down.</p>', public: true });
    // The notice's author (no portal user) writes as the API user.
    await client().addComment(
      db(),
      ticketid,
      { author: 'NOC', authorUserId: null, htmlcomment: '<p>Fixed.</p>' },
      'b',
    );
    expect(commentsOf(ticketid)).toHaveLength(3);
    expect(commentsOf(ticketid)[2]!.author_id).toBe(fake.apiUser.id);
    // Tags written with the comment keep the portal's own tags.
    expect(stored(ticketid).tags).toEqual(
      expect.arrayContaining(['lightpath_kind_support', 'lightpath_start_1767600000']),
    );
    const puts = requestsTo('PUT', `/api/v2/tickets/${ticketid}.json`);
    expect(puts).toHaveLength(2);
    expect(JSON.parse(puts[0]!.body.toString()).ticket).toMatchObject({
      safe_update: true,
      updated_stamp: expect.any(String),
    });
  });

  it('retries a comment whose safe update lost a race, keeping the tags someone else added', async () => {
    const { ticketid } = await client().createTicket(db(), newTicket(), 'k-race');
    // Someone changes the ticket between the client's read and its write.
    const realFetch = globalThis.fetch;
    let raced = false;
    const racing: typeof fetch = async (input, init) => {
      if (init?.method === 'PUT' && !raced) {
        raced = true;
        const ticket = stored(ticketid);
        ticket.tags = [...ticket.tags, 'vip'];
        ticket.updated_at += 5000;
      }
      return realFetch(input, init);
    };
    await client({ fetch: racing }).addComment(
      db(),
      ticketid,
      { author: 'NOC', authorUserId: null, htmlcomment: '<p>Update.</p>' },
      'k-race-c',
    );
    expect(commentsOf(ticketid)).toHaveLength(2);
    expect(stored(ticketid).tags).toContain('vip');
    expect(requestsTo('PUT', `/api/v2/tickets/${ticketid}.json`)).toHaveLength(2);
  });

  it('sets statuses; closed reads as solved and refuses changes', async () => {
    const { ticketid } = await client().createTicket(db(), newTicket(), 'k-status');
    await client().setStatus(db(), ticketid, 'pending');
    expect(stored(ticketid).status).toBe('pending');
    expect(JSON.parse(requestsTo('PUT', `/api/v2/tickets/${ticketid}.json`)[0]!.body.toString())).toEqual({
      ticket: { status: 'pending' },
    });
    // Zendesk never lets a ticket go back to new: its 422 becomes a clear error.
    const backToNew = client().setStatus(db(), ticketid, 'new');
    await expect(backToNew).rejects.toBeInstanceOf(ZendeskError);
    await expect(backToNew).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('Status: new is not valid'),
    });
    expect(stored(ticketid).status).toBe('pending');

    stored(ticketid).status = 'closed';
    expect(await client().findTicket(db(), ticketid)).toMatchObject({ status: 'solved' });
    expect((await client().getTicket(db(), ticketid))!.status).toBe('solved');
    const putsBefore = requestsTo('PUT', `/api/v2/tickets/${ticketid}.json`).length;
    await client().setStatus(db(), ticketid, 'solved');
    await expect(client().setStatus(db(), ticketid, 'open')).rejects.toMatchObject({
      status: 409,
      message: `Ticket #${ticketid} is closed in Zendesk and can no longer be changed`,
    });
    await expect(
      client().addComment(
        db(),
        ticketid,
        { author: 'NOC', authorUserId: null, htmlcomment: '<p>x</p>' },
        'k-closed',
      ),
    ).rejects.toMatchObject({ status: 409 });
    expect(requestsTo('PUT', `/api/v2/tickets/${ticketid}.json`)).toHaveLength(putsBefore);
    expect(commentsOf(ticketid)).toHaveLength(1);
    await expect(client().setStatus(db(), 777_777, 'open')).rejects.toBeInstanceOf(NotFound);
  });

  describe('lists', () => {
    // 130 tickets straight in Zendesk: more than one page of 100.
    // Job tickets are the provider's work orders: in no customer's organization, assigned by tag.
    function seedTickets(
      orgId: number | null,
      count: number,
      from = 5000,
      kind: 'support' | 'job' = 'support',
    ) {
      for (let i = 0; i < count; i += 1) {
        const at = Date.parse('2026-01-01T00:00:00Z') + i * 60_000;
        const ticket: FakeTicket = {
          id: from + i,
          external_id: null,
          subject: `Ticket number ${i}`,
          description: 'seeded',
          type: 'question',
          status: i % 10 === 0 ? 'pending' : i % 10 === 1 ? 'closed' : 'open',
          requester_id: fake.apiUser.id,
          submitter_id: fake.apiUser.id,
          assignee_id: null,
          organization_id: orgId,
          email_cc_ids: [],
          tags:
            kind === 'job'
              ? ['lightpath_kind_job', `lightpath_assignee_${ids.tech + (i % 3 === 2 ? 1 : 0)}`]
              : ['lightpath_kind_support'],
          // Updated in the opposite order to created, so the two sorts differ.
          created_at: at,
          updated_at: Date.parse('2026-01-03T00:00:00Z') - i * 60_000,
        };
        fake.data.tickets.push(ticket);
      }
    }

    beforeEach(() => {
      fake.data.organizations.push(
        { id: 801, name: 'University of Northgate', external_id: 'UNG' },
        { id: 802, name: 'Eastbrook Health', external_id: 'EBH' },
        { id: 803, name: 'Someone else', external_id: 'ZZZ' },
      );
      seedTickets(801, 130);
      seedTickets(802, 3, 9000);
    });

    it('maps offset and limit onto page and per_page, with Zendesk counting', async () => {
      const page = await client().listTickets(db(), {
        customerId: ids.ung,
        sort: 'ticketid',
        limit: 20,
        offset: 40,
      });
      expect(page.count).toBe(130);
      expect(page.results.map((r) => r.ticketid)).toEqual(Array.from({ length: 20 }, (_, i) => 5040 + i));
      const [request] = requestsTo('GET', '/api/v2/organizations/801/tickets.json');
      expect(Object.fromEntries(request!.query)).toMatchObject({
        page: '3',
        per_page: '20',
        sort_by: 'id',
        sort_order: 'asc',
      });
      // An offset that is no multiple of the limit reads pages of 100 and cuts the window out.
      const odd = await client().listTickets(db(), {
        customerId: ids.ung,
        sort: '-ticketid',
        limit: 30,
        offset: 85,
      });
      expect(odd.results.map((r) => r.ticketid)).toEqual(Array.from({ length: 30 }, (_, i) => 5129 - 85 - i));
      expect(
        requestsTo('GET', '/api/v2/organizations/801/tickets.json')
          .slice(1)
          .map((r) => r.query.get('page')),
      ).toEqual(['1', '2']);
      const byUpdate = await client().listTickets(db(), {
        customerId: ids.ung,
        sort: '-updated',
        limit: 2,
        offset: 0,
      });
      expect(byUpdate.results.map((r) => r.ticketid)).toEqual([5000, 5001]);
      expect(byUpdate.results[0]).toMatchObject({
        customerid: ids.ung,
        customercode: 'UNG',
        kind: 'support',
        status: 'pending',
        siteid: null,
        sitename: null,
        assigneeuserid: null,
        assigneename: null,
        requester: fake.email,
        tickettype: 'question',
      });
      expect(byUpdate.results[1]!.status).toBe('solved');
    });

    it('lists one customer through its organization only', async () => {
      const page = await client().listTickets(db(), {
        customerId: ids.ebh,
        sort: 'ticketid',
        limit: 50,
        offset: 0,
      });
      expect(page).toMatchObject({ count: 3 });
      expect(page.results.map((r) => [r.ticketid, r.customerid])).toEqual([
        [9000, ids.ebh],
        [9001, ids.ebh],
        [9002, ids.ebh],
      ]);
      // A customer without an organization has no tickets (and none is created for a read).
      const hri = (await db().select().from(customers).where(eq(customers.customerCode, 'HRI')))[0]!;
      expect(
        await client().listTickets(db(), {
          customerId: hri.customerId,
          sort: 'ticketid',
          limit: 5,
          offset: 0,
        }),
      ).toEqual({
        count: 0,
        results: [],
      });
      expect(requestsTo('POST', '/api/v2/organizations.json')).toHaveLength(0);
    });

    it('lists every customer, counting tickets of unknown organizations as the provider’s', async () => {
      seedTickets(803, 1, 9500);
      stored(9500).status = 'open';
      const none = { ...stored(9500), id: 9501, organization_id: null, tags: [] };
      // A job ticket (the provider's work order): listed for staff, never in a customer's list.
      const job = { ...none, id: 9502, tags: ['lightpath_kind_job'] };
      fake.data.tickets.push(none, job);
      const page = await client().listTickets(db(), {
        customerId: null,
        sort: '-ticketid',
        limit: 4,
        offset: 0,
      });
      expect(page.count).toBe(136);
      expect(page.results.map((r) => [r.ticketid, r.customercode, r.kind])).toEqual([
        [9502, 'MRN', 'job'],
        [9501, 'MRN', 'support'],
        [9500, 'MRN', 'support'],
        [9002, 'EBH', 'support'],
      ]);
      expect(requestsTo('GET', '/api/v2/tickets.json')).toHaveLength(1);
      const provider = await client().listTickets(db(), {
        customerId: ids.provider,
        sort: 'ticketid',
        limit: 10,
        offset: 0,
      });
      expect(provider.results.map((r) => r.ticketid)).toEqual([9500, 9501]);
      expect(provider.count).toBe(2);
    });

    it('filters status, kind, technician, site and text in the client, over every page', async () => {
      const pending = await client().listTickets(db(), {
        customerId: ids.ung,
        status: 'pending',
        sort: 'ticketid',
        limit: 5,
        offset: 5,
      });
      expect(pending.count).toBe(13);
      expect(pending.results.map((r) => r.ticketid)).toEqual([5050, 5060, 5070, 5080, 5090]);
      // Both pages of 100 were read.
      expect(
        requestsTo('GET', '/api/v2/organizations/801/tickets.json').map((r) => r.query.get('page')),
      ).toEqual([null, '2']);
      const solved = await client().listTickets(db(), {
        customerId: ids.ung,
        status: 'solved',
        sort: 'ticketid',
        limit: 100,
        offset: 0,
      });
      expect(solved.count).toBe(13);
      // Every third job is someone else's.
      seedTickets(null, 30, 7000, 'job');
      const jobs = await client().listTickets(db(), {
        customerId: null,
        kind: 'job',
        assigneeUserId: ids.tech,
        sort: 'ticketid',
        limit: 3,
        offset: 0,
      });
      expect(jobs.count).toBe(20);
      expect(jobs.results.map((r) => r.ticketid)).toEqual([7000, 7001, 7003]);
      expect(jobs.results[0]).toMatchObject({
        kind: 'job',
        customercode: 'MRN',
        assigneeuserid: ids.tech,
        assigneename: 'Tom Hale',
      });
      // A customer never sees job tickets, even when asking for them.
      const theirJobs = await client().listTickets(db(), {
        customerId: ids.ung,
        kind: 'job',
        sort: 'ticketid',
        limit: 3,
        offset: 0,
      });
      expect(theirJobs).toEqual({ count: 0, results: [] });
      const text = await client().listTickets(db(), {
        customerId: ids.ung,
        q: 'number 12',
        sort: 'ticketid',
        limit: 10,
        offset: 0,
      });
      expect(text.results.map((r) => r.subject)).toEqual([
        'Ticket number 12',
        'Ticket number 120',
        'Ticket number 121',
        'Ticket number 122',
        'Ticket number 123',
        'Ticket number 124',
        'Ticket number 125',
        'Ticket number 126',
        'Ticket number 127',
        'Ticket number 128',
      ]);
      expect(text.count).toBe(11);
      const byId = await client().listTickets(db(), {
        customerId: ids.ung,
        q: '#5007',
        sort: 'ticketid',
        limit: 10,
        offset: 0,
      });
      expect(byId.results.map((r) => r.ticketid)).toEqual([5007]);
      stored(5003).tags.push(`lightpath_site_${ids.site}`);
      const site = await client().listTickets(db(), {
        customerId: null,
        siteId: ids.site,
        sort: 'ticketid',
        limit: 10,
        offset: 0,
      });
      expect(site.results.map((r) => [r.ticketid, r.sitename])).toEqual([[5003, ids.siteName]]);
    });
  });

  describe('failures', () => {
    const create = (c = client()) => c.createTicket(db(), newTicket(), `k-${Math.random()}`);

    it('waits out one 429 for its Retry-After, then succeeds', async () => {
      fake.rateLimitOnce(1);
      const started = Date.now();
      const found = await client().findTicket(db(), 1);
      expect(found).toBeNull();
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(requestsTo('GET', '/api/v2/tickets/1.json')).toHaveLength(2);
    });

    it('a Retry-After longer than it will wait is a 503 asking to come back later', async () => {
      fake.rateLimitOnce(30);
      const refused = client().findTicket(db(), 1);
      await expect(refused).rejects.toBeInstanceOf(ZendeskError);
      await expect(refused).rejects.toMatchObject({
        status: 503,
        message: 'Zendesk is busy. Please try again in 30 seconds.',
      });
      expect(fake.requests).toHaveLength(1);
    });

    it('turns Zendesk validation errors (422) into a clear error, writing nothing', async () => {
      const refused = client().createTicket(db(), newTicket({ requester: 'not-an-address' }), 'k-422');
      await expect(refused).rejects.toMatchObject({
        status: 502,
        message: 'Zendesk refused the change: Requester: Email is invalid',
        zendeskStatus: 422,
      });
      expect(fake.data.tickets).toHaveLength(0);
      // The organization was looked up again in case it had gone stale; it had not, so nothing was sent again.
      expect(requestsTo('POST', '/api/v2/tickets.json')).toHaveLength(1);
    });

    it('refused credentials, a failing Zendesk and no Zendesk at all are ZendeskErrors, and the token is never logged', async () => {
      const wrong = client({ apiToken: 'wrong-token-0123456789' });
      await expect(create(wrong)).rejects.toMatchObject({
        status: 502,
        message: 'An error occurred while talking to Zendesk. Please try again.',
        zendeskStatus: 401,
      });
      expect(fake.data.tickets).toHaveLength(0);
      fake.failing = true;
      await expect(client().getTicket(db(), 1)).rejects.toMatchObject({ status: 502, zendeskStatus: 500 });
      fake.failing = false;
      await expect(client({ url: 'http://127.0.0.1:1' }).findTicket(db(), 1)).rejects.toMatchObject({
        status: 502,
        zendeskStatus: null,
      });
      expect(logLines.length).toBeGreaterThanOrEqual(3);
      const logged = logLines.join('\n');
      expect(logged).toContain("Couldn't authenticate you");
      for (const secret of [
        fake.token,
        'wrong-token-0123456789',
        Buffer.from(`${fake.email}/token:${fake.token}`).toString('base64'),
      ])
        expect(logged).not.toContain(secret);
    });
  });
});

// One behaviour, two ticket systems: what the tickets module relies on holds for the built-in store
// and for Zendesk alike.
describe.each([
  { name: 'built-in', system: () => builtInTickets({ log }) },
  { name: 'Zendesk', system: () => client() },
])('TicketSystem behaviour: $name', ({ system }) => {
  // Unique per call: the built-in store keeps its tickets for the whole file.
  const key = () => `shared:${randomUUID()}`;

  it('creates a ticket and finds it, with its type, services and times', async () => {
    const { ticketid } = await system().createTicket(
      db(),
      newTicket({ subject: 'Shared create', tickettype: 'hazard', endtime: 1_767_700_000 }),
      key(),
    );
    const found = await system().findTicket(db(), ticketid);
    expect(found).toMatchObject({
      ticketid,
      customerid: ids.ung,
      subject: 'Shared create',
      tickettype: 'hazard',
      starttime: 1_767_600_000,
      endtime: 1_767_700_000,
      services: ['UNG0012004701B', 'UNG0012004702B'],
    });
    expect(['new', 'open']).toContain(found!.status);
    expect(await system().findTicket(db(), 987_654)).toBeNull();
    expect(await system().getTicket(db(), 987_654)).toBeNull();
  });

  it('lists tickets scoped to a customer, and job tickets for their technician', async () => {
    const ung = await system().createTicket(db(), newTicket({ subject: 'Shared UNG ticket' }), key());
    const ebh = await system().createTicket(
      db(),
      newTicket({ customerId: ids.ebh, requester: 'admin@eastbrook.example', subject: 'Shared EBH ticket' }),
      key(),
    );
    const job = await system().createTicket(
      db(),
      newTicket({
        customerId: ids.provider,
        requester: 'noc@meridian.example',
        subject: 'Shared job',
        tickettype: 'task',
        kind: 'job',
        siteId: ids.site,
        assigneeUserId: ids.tech,
      }),
      key(),
    );
    const list = (query: Partial<Parameters<TicketSystem['listTickets']>[1]>) =>
      system().listTickets(db(), { customerId: null, sort: '-ticketid', limit: 100, offset: 0, ...query });

    const mine = await list({ customerId: ids.ung });
    expect(mine.results.map((r) => r.ticketid)).toContain(ung.ticketid);
    expect(mine.results.map((r) => r.ticketid)).not.toContain(ebh.ticketid);
    expect(mine.results.map((r) => r.ticketid)).not.toContain(job.ticketid);
    expect(new Set(mine.results.map((r) => r.customercode))).toEqual(new Set(['UNG']));
    expect(mine.count).toBe(mine.results.length);
    expect(mine.results.find((r) => r.ticketid === ung.ticketid)).toMatchObject({
      subject: 'Shared UNG ticket',
      kind: 'support',
      tickettype: 'incident',
      customerid: ids.ung,
      requester: 'admin@northgate.example',
      siteid: null,
      assigneeuserid: null,
    });

    const all = await list({});
    expect(all.results.map((r) => r.ticketid)).toEqual(
      expect.arrayContaining([ung.ticketid, ebh.ticketid, job.ticketid]),
    );
    const jobs = await list({ kind: 'job', assigneeUserId: ids.tech });
    expect(jobs.results[0]!.ticketid).toBe(job.ticketid);
    expect(jobs.results.every((r) => r.kind === 'job' && r.assigneeuserid === ids.tech)).toBe(true);
    expect(jobs.results.map((r) => r.ticketid)).not.toContain(ung.ticketid);
    expect(jobs.results[0]).toMatchObject({
      kind: 'job',
      siteid: ids.site,
      sitename: ids.siteName,
      assigneeuserid: ids.tech,
      assigneename: 'Tom Hale',
    });
    const text = await list({ q: 'shared ebh' });
    expect(text.results.map((r) => r.ticketid)).toEqual([ebh.ticketid]);
    const paged = await list({ limit: 1, offset: 1 });
    expect(paged.results.map((r) => r.ticketid)).toEqual([ebh.ticketid]);
    expect(paged.count).toBe(all.count);
  });

  it("lists the tickets naming a service, in every customer's list and its own", async () => {
    const named = await system().createTicket(
      db(),
      newTicket({ subject: 'Shared service filter', services: ['UNG0012004799B'] }),
      key(),
    );
    const other = await system().createTicket(
      db(),
      newTicket({ subject: 'Shared other service', services: ['UNG0012004798B'] }),
      key(),
    );
    const list = (query: Partial<Parameters<TicketSystem['listTickets']>[1]>) =>
      system().listTickets(db(), { customerId: null, sort: '-ticketid', limit: 100, offset: 0, ...query });
    for (const customerId of [null, ids.ung]) {
      const found = await list({ customerId, serviceId: 'UNG0012004799B' });
      expect(found.results.map((r) => r.ticketid)).toEqual([named.ticketid]);
      expect(found.count).toBe(1);
    }
    expect((await list({ serviceId: 'UNG0012004798B' })).results.map((r) => r.ticketid)).toEqual([
      other.ticketid,
    ]);
    // Another customer's list never holds it, whatever service it names.
    expect((await list({ customerId: ids.ebh, serviceId: 'UNG0012004799B' })).results).toEqual([]);
  });

  it('reads a ticket with its comments oldest first, and adds comments', async () => {
    const { ticketid } = await system().createTicket(db(), newTicket({ subject: 'Shared detail' }), key());
    await system().addComment(
      db(),
      ticketid,
      { author: 'Alex Morgan', authorUserId: ids.customerAdmin, htmlcomment: '<p>First reply.</p>' },
      key(),
    );
    await system().addComment(
      db(),
      ticketid,
      { author: 'NOC', authorUserId: null, htmlcomment: '<p>Second reply.</p>' },
      key(),
    );
    const detail = (await system().getTicket(db(), ticketid))!;
    expect(detail).toMatchObject({
      ticketid,
      subject: 'Shared detail',
      customerid: ids.ung,
      customercode: 'UNG',
      requester: 'admin@northgate.example',
      ccs: ['noc@meridian.example', 'ops@northgate.example'],
      description: 'Link is down since 09:00.',
      services: ['UNG0012004701B', 'UNG0012004702B'],
    });
    const bodies = detail.comments.map((c) => c.htmlbody);
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).toContain('<p>Link is down since 09:00.</p>');
    expect(bodies[1]).toContain('<p>First reply.</p>');
    expect(bodies[2]).toContain('<p>Second reply.</p>');
    expect(detail.comments[1]).toMatchObject({ author: 'Alex Morgan', authoruserid: ids.customerAdmin });
    const times = detail.comments.map((c) => c.created_at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('sets the status, which lists can filter on', async () => {
    const { ticketid } = await system().createTicket(db(), newTicket({ subject: 'Shared status' }), key());
    await system().setStatus(db(), ticketid, 'pending');
    expect((await system().getTicket(db(), ticketid))!.status).toBe('pending');
    const pending = await system().listTickets(db(), {
      customerId: ids.ung,
      status: 'pending',
      sort: '-updated',
      limit: 50,
      offset: 0,
    });
    expect(pending.results.map((r) => r.ticketid)).toContain(ticketid);
    expect(pending.results.every((r) => r.status === 'pending')).toBe(true);
    await system().setStatus(db(), ticketid, 'solved');
    expect(await system().findTicket(db(), ticketid)).toMatchObject({ status: 'solved' });
  });

  it('keeps what the portal wrote as safe HTML: typed markup stays text', async () => {
    const { ticketid } = await system().createTicket(db(), newTicket({ subject: 'Shared HTML' }), key());
    // The tickets module's path for a comment box: text to HTML, sanitised.
    const typed = 'Crew on site <script>alert(1)</script> & <b>done</b>\nsecond line';
    await system().addComment(
      db(),
      ticketid,
      { author: 'NOC', authorUserId: null, htmlcomment: sanitiseHtml(textToHtml(typed)) },
      key(),
    );
    const body = (await system().getTicket(db(), ticketid))!.comments[1]!.htmlbody;
    expect(body).toContain(
      '<p>Crew on site &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;done&lt;/b&gt;<br />second line</p>',
    );
    expect(body).not.toContain('<script');
    expect(body).not.toContain('<b>');
  });
});
