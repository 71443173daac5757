import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';

// One ticket interface (decisions.md): the built-in store in the portal's database, or Zendesk (issue 5).
export type TicketType = 'incident' | 'question' | 'task' | 'problem' | 'hazard';

export type NewTicket = {
  customerId: number;
  requester: string;
  ccs: string[];
  subject: string;
  htmlcomment: string;
  tickettype: TicketType;
  services: string[];
  starttime: number | null;
  endtime: number | null;
  createdBy: number | null;
};

export type TicketComment = {
  author: string;
  authorUserId: number | null;
  htmlcomment: string;
};

export type TicketSummary = {
  ticketid: number;
  customerid: number;
  subject: string;
  tickettype: string;
  status: string;
  starttime: number | null;
  endtime: number | null;
  services: string[];
};

export type TicketSystem = {
  kind: 'built-in' | 'zendesk';
  // `db` is the caller's transaction: the built-in store writes the ticket, its first comment and the
  // requester's e-mail in it, so all of them happen once or not at all. `dedupeKey` makes a retry a no-op
  // for the outbox e-mail.
  createTicket: (db: DbOrTx, ticket: NewTicket, dedupeKey: string) => Promise<{ ticketid: number }>;
  addComment: (db: DbOrTx, ticketid: number, comment: TicketComment, dedupeKey: string) => Promise<void>;
  findTicket: (db: DbOrTx, ticketid: number) => Promise<TicketSummary | null>;
};

export type TicketSystemDeps = { log: FastifyBaseLogger };
