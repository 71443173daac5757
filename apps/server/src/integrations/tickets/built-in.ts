import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { ticketComments, tickets } from '../../db/schema/tickets';
import { queueEmail } from '../../platform/outbox';
import type { TicketSummary, TicketSystem, TicketSystemDeps } from './ticket-system';

// The built-in ticket store (decisions.md): tickets and their comments live in the portal's own
// database, and every requester and cc hears of a new ticket or comment by e-mail through the outbox.
// Everything is written in the caller's transaction, so a ticket, its comment and its e-mails exist
// together or not at all; the e-mails' dedupe keys grow from the caller's key, so a retry adds none.

// Who the opening comment is from: tickets opened by the portal speak for the provider's NOC.
const openingAuthor = 'NOC';

export function builtInTickets({ log }: TicketSystemDeps): TicketSystem {
  return {
    kind: 'built-in',

    async createTicket(db, ticket, dedupeKey) {
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
        })
        .returning({ ticketid: tickets.ticketId });
      const ticketid = created!.ticketid;
      await db.insert(ticketComments).values({
        ticketId: ticketid,
        author: openingAuthor,
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
