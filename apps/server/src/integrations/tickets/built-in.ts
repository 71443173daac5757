import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx, RawQuery } from '../../db/client';
import { ticketComments, tickets } from '../../db/schema/tickets';
import { users } from '../../db/schema/users';
import {
  countReachOf,
  epochSeconds,
  Params,
  statementName,
  windowedCountSql,
  windowedPage,
} from '../../db/statements';
import { queueEmail } from '../../platform/outbox';
import { containsPattern } from '../../platform/scope';
import type {
  TicketDetail,
  TicketListQuery,
  TicketListRow,
  TicketSummary,
  TicketSystem,
  TicketSystemDependencies,
} from './ticket-system';

// The built-in ticket store (decisions.md): tickets and their comments live in the portal's own
// database, and every requester and cc hears of a new ticket or comment by e-mail through the outbox.
// Everything is written in the caller's transaction, so a ticket, its comment and its e-mails exist
// together or not at all; the e-mails' dedupe keys grow from the caller's key, so a retry adds none.
// A new ticket's attachments are already in the portal's file storage and their ticket_attachments
// rows: the caller (the access service) links the rows to the ticket, and the ticket page lists them
// by ticket_id.

// Comments the portal writes for the provider (event notices) are signed by its NOC.
const nocAuthor = 'NOC';

export function builtInTickets({ log }: TicketSystemDependencies): TicketSystem {
  return {
    kind: 'built-in',

    async createTicket(db, ticket, dedupeKey) {
      // The dedupe key is the ticket's request key: a retry with it finds the first ticket, even when
      // the two race (the unique index makes the second wait for the first and then do nothing).
      const [created] = await db
        .insert(tickets)
        .values({
          customerId: ticket.customerId,
          requester: ticket.requester,
          ccs: ticket.ccs,
          subject: ticket.subject,
          description: htmlToText(ticket.htmlcomment),
          ticketType: ticket.tickettype,
          status: 'open',
          services: ticket.services,
          startTime: fromSeconds(ticket.starttime),
          endTime: fromSeconds(ticket.endtime),
          createdBy: ticket.createdBy,
          kind: ticket.kind ?? 'support',
          siteId: ticket.siteId ?? null,
          assigneeUserId: ticket.assigneeUserId ?? null,
          requestKey: dedupeKey,
        })
        .onConflictDoNothing({ target: tickets.requestKey })
        .returning({ ticketid: tickets.ticketId });
      if (!created) {
        const [existing] = await db
          .select({ ticketid: tickets.ticketId })
          .from(tickets)
          .where(eq(tickets.requestKey, dedupeKey))
          .limit(1);
        if (!existing) throw new Error(`Ticket request ${dedupeKey} neither made nor found`);
        return existing;
      }
      const ticketid = created.ticketid;
      await db.insert(ticketComments).values({
        ticketId: ticketid,
        author: await openingAuthor(db, ticket.createdBy, ticket.requester),
        authorUserId: ticket.createdBy,
        htmlBody: ticket.htmlcomment,
      });
      await emailParticipants(db, log, {
        ticketid,
        recipients: [ticket.requester, ...ticket.ccs],
        subject: `[Ticket #${ticketid}] ${ticket.subject}`,
        htmlcomment: ticket.htmlcomment,
        dedupeKey,
      });
      return { ticketid };
    },

    async addComment(db, ticketid, comment, dedupeKey) {
      // Taking the row lock orders comments on one ticket and keeps updated_at their latest time.
      const [ticket] = await db
        .update(tickets)
        .set({ updatedAt: sql`now()` })
        .where(eq(tickets.ticketId, ticketid))
        .returning({ requester: tickets.requester, ccs: tickets.ccs, subject: tickets.subject });
      if (!ticket) throw new Error(`Ticket #${ticketid} does not exist`);
      await db.insert(ticketComments).values({
        ticketId: ticketid,
        author: comment.author,
        authorUserId: comment.authorUserId,
        htmlBody: comment.htmlcomment,
      });
      await emailParticipants(db, log, {
        ticketid,
        recipients: [ticket.requester, ...ticket.ccs],
        subject: `Re: [Ticket #${ticketid}] ${ticket.subject}`,
        htmlcomment: comment.htmlcomment,
        dedupeKey,
      });
    },

    async findTicket(db, ticketid) {
      const [row] = await db.select().from(tickets).where(eq(tickets.ticketId, ticketid)).limit(1);
      if (!row) return null;
      return {
        ticketid: row.ticketId,
        customerid: row.customerId,
        subject: row.subject,
        tickettype: row.ticketType,
        status: row.status,
        starttime: toSeconds(row.startTime),
        endtime: toSeconds(row.endTime),
        services: row.services,
      } satisfies TicketSummary;
    },

    listTickets: (db, query) => listBuiltInTickets(rawQueryOn(db), query),

    getTicket: (db, ticketid) => getBuiltInTicket(rawQueryOn(db), ticketid),

    async setStatus(db, ticketid, status) {
      const [row] = await db
        .update(tickets)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(tickets.ticketId, ticketid))
        .returning({ ticketid: tickets.ticketId });
      if (!row) throw new Error(`Ticket #${ticketid} does not exist`);
    },
  };
}

// Who the opening comment is from: the person who raised the ticket when they asked for it themselves
// (the wizard, a site access request, a job ticket); otherwise the portal speaking for the NOC (event
// notices, raised by the NOC for a customer's contact).
async function openingAuthor(db: DbOrTx, createdBy: number | null, requester: string): Promise<string> {
  if (createdBy === null) return nocAuthor;
  const [user] = await db
    .select({ email: users.email, firstname: users.firstname, surname: users.surname })
    .from(users)
    .where(eq(users.userId, createdBy))
    .limit(1);
  if (!user || user.email.toLowerCase() !== requester.trim().toLowerCase()) return nocAuthor;
  return `${user.firstname} ${user.surname}`.trim() || nocAuthor;
}

// ---------------------------------------------------------------------------------------------------
// Reads: hand-written SQL on the driver (RawQuery), named prepared statements like the other hot lists
// (docs/decisions/010). The tickets module calls these with its RawQuery; the TicketSystem methods
// reach the same statements through Drizzle, for callers that hold only a Db.

// Each row's customer code, site name and assignee are looked up by primary key: for a page of a
// hundred rows that is cheaper than joining (which planned as hash joins over whole tables).
const rowColumns = (t: string) => `${t}.ticket_id as ticketid, ${t}.subject, ${t}.status,
    ${t}.ticket_type as tickettype, ${t}.kind, ${t}.customer_id as customerid,
    (select c.customer_code from customers c where c.customer_id = ${t}.customer_id) as customercode,
    ${t}.requester, ${t}.site_id as siteid,
    (select s.site_name from sites s where s.site_id = ${t}.site_id) as sitename,
    ${t}.assignee_user_id as assigneeuserid,
    (select trim(u.firstname || ' ' || u.surname) from users u where u.user_id = ${t}.assignee_user_id) as assigneename,
    ${epochSeconds(`${t}.created_at`)} as created_at, ${epochSeconds(`${t}.updated_at`)} as updated_at`;

const pageColumns = `t.ticket_id, t.subject, t.status, t.ticket_type, t.kind, t.customer_id, t.requester,
    t.site_id, t.assignee_user_id, t.created_at, t.updated_at`;

const sortKeys: Record<string, string> = {
  updated: 't.updated_at',
  created: 't.created_at',
  ticketid: 't.ticket_id',
};

// A customer's scope (customerId) never includes the provider's job tickets: those are the
// technicians' work orders, whoever's site they are at.
function whereOf(query: TicketListQuery, params: Params): string {
  const where: string[] = [];
  if (query.customerId !== null) {
    where.push(`t.customer_id = ${params.add(query.customerId)}`);
    where.push(`t.kind <> 'job'`);
  }
  if (query.assigneeUserId !== undefined)
    where.push(`t.assignee_user_id = ${params.add(query.assigneeUserId)}`);
  if (query.kind !== undefined) where.push(`t.kind = ${params.add(query.kind)}`);
  if (query.status !== undefined) where.push(`t.status = ${params.add(query.status)}`);
  if (query.siteId !== undefined) where.push(`t.site_id = ${params.add(query.siteId)}`);
  if (query.serviceId !== undefined) where.push(`${params.add(query.serviceId)}::text = any(t.services)`);
  if (query.q) {
    const pattern = params.add(containsPattern(query.q));
    // A number typed into the search box finds that ticket too.
    const number = /^\d{1,9}$/.test(query.q) ? ` or t.ticket_id = ${params.add(Number(query.q))}` : '';
    where.push(`(t.subject ilike ${pattern} or t.requester ilike ${pattern}${number})`);
  }
  return where.length > 0 ? where.join(' and ') : 'true';
}

export async function listBuiltInTickets(
  query: RawQuery,
  filter: TicketListQuery,
): Promise<{ count: number; countexact: boolean; results: TicketListRow[] }> {
  const params = new Params();
  const where = whereOf(filter, params);
  const descending = filter.sort.startsWith('-');
  const key = sortKeys[filter.sort.replace(/^-/, '')] ?? 't.updated_at';
  const direction = descending ? 'desc' : 'asc';
  // The ticket id ends every order so that pages never overlap.
  const order = (t: string) =>
    key === 't.ticket_id'
      ? `${t}.ticket_id ${direction}`
      : `${key.replace('t.', `${t}.`)} ${direction}, ${t}.ticket_id ${direction}`;
  // Counted within the list count window, so the count's cost is bounded.
  const reach = params.add(countReachOf(filter.offset));
  const limit = params.add(filter.limit);
  const offset = params.add(filter.offset);
  // The page is one walk down an index in the list's order (tickets_updated_idx for the NOC,
  // tickets_customer_idx for a customer, tickets_assignee_idx for a technician); only its rows get
  // their customer, site and assignee. The total comes in the same round trip, counted over
  // an index and capped, so it never costs more than a few pages.
  const text = `with page as (
    select ${pageColumns} from tickets t
    where ${where}
    order by ${order('t')}
    limit ${limit} offset ${offset}
  )
  select ${rowColumns('p')},
    ${windowedCountSql(`select 1 from tickets t where ${where}`, reach)} as total
  from page p
  order by ${order('p')}`;
  const rows = await query<TicketListRow & { total: number }>(
    statementName('tickets_list', text),
    text,
    params.values,
  );
  if (rows.length > 0)
    return windowedPage(
      { count: rows[0]!.total, results: rows.map(({ total: _, ...row }) => row) },
      filter.offset,
    );
  if (filter.offset === 0) return windowedPage({ count: 0, results: [] }, 0);
  // Past the last page: the total still has to be told (without the limit and offset parameters).
  const countText = `select ${windowedCountSql(`select 1 from tickets t where ${where}`, reach)} as total`;
  const [counted] = await query<{ total: number }>(
    statementName('tickets_count', countText),
    countText,
    params.values.slice(0, -2),
  );
  return windowedPage({ count: counted?.total ?? 0, results: [] }, filter.offset);
}

const detailText = `select ${rowColumns('t')}, t.description, t.ccs, t.services,
    ${epochSeconds('t.start_time')} as starttime, ${epochSeconds('t.end_time')} as endtime,
    coalesce((select json_agg(x order by x.created_at, x.commentid) from (
      select tc.comment_id as commentid, tc.author, tc.author_user_id as authoruserid, tc.html_body as htmlbody,
             ${epochSeconds('tc.created_at')} as created_at
      from ticket_comments tc where tc.ticket_id = t.ticket_id) x), '[]'::json) as comments,
    coalesce((select json_agg(x order by x.attachmentid) from (
      select a.attachment_id as attachmentid, a.file_name as filename, a.content_type as contenttype,
             a.size_bytes::float8 as size
      from ticket_attachments a where a.ticket_id = t.ticket_id) x), '[]'::json) as attachments
  from tickets t
  where t.ticket_id = $1`;

// The whole ticket, comments oldest first. Comments were sanitised when written (the tickets module
// and the other writers turn text into sanitised HTML), so they are returned as stored.
export async function getBuiltInTicket(query: RawQuery, ticketid: number): Promise<TicketDetail | null> {
  const [row] = await query<TicketDetail>('tickets_detail', detailText, [ticketid]);
  return row ?? null;
}

// Runs a RawQuery statement through Drizzle: the `$n` placeholders become Drizzle parameters. For the
// TicketSystem methods, whose callers hold a Db rather than the driver.
function rawQueryOn(db: DbOrTx): RawQuery {
  return async <Row>(_name: string, text: string, values: unknown[]) => {
    const chunks: SQL[] = [];
    let last = 0;
    for (const match of text.matchAll(/\$(\d+)/g)) {
      chunks.push(sql.raw(text.slice(last, match.index)));
      chunks.push(sql`${values[Number(match[1]) - 1]}`);
      last = match.index + match[0].length;
    }
    chunks.push(sql.raw(text.slice(last)));
    const result = await db.execute(sql.join(chunks));
    return (result as unknown as { rows: Row[] }).rows;
  };
}

async function emailParticipants(
  db: DbOrTx,
  log: FastifyBaseLogger,
  message: {
    ticketid: number;
    recipients: string[];
    subject: string;
    htmlcomment: string;
    dedupeKey: string;
  },
) {
  const body = `${htmlToText(message.htmlcomment)}\n\n--\nTicket #${message.ticketid}`;
  const addresses = [...new Set(message.recipients.map((r) => r.trim()).filter((r) => r.includes('@')))];
  for (const to of addresses) {
    await queueEmail(db, log, {
      to,
      subject: message.subject,
      body,
      dedupeKey: `${message.dedupeKey}:email:${to.toLowerCase()}`,
    });
  }
}

function fromSeconds(seconds: number | null): Date | null {
  return seconds ? new Date(seconds * 1000) : null;
}

function toSeconds(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

// E-mail goes out as plain text: the notification HTML is a few paragraphs, line breaks and one table,
// so this keeps their shape (a blank line between paragraphs, a line per table row, cells separated
// by ' | ') rather than being a general HTML renderer.
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(td|th)\s*>\s*(?=<t[dh]\b)/gi, ' | ')
    .replace(/<\/tr\s*>/gi, '\n')
    .replace(/<\/?(p|div|table|h[1-6]|ul|ol)\b[^>]*>/gi, '\n\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return namedEntities[name.toLowerCase()] ?? entity;
  });
}
