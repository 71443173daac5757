import type {
  TicketDetail,
  TicketKind,
  TicketListRow,
  TicketStatus,
  TicketType,
} from '@lightpath/domain/tickets';
import type { Db, DbOrTx } from '../../db/client';
import type { Dependencies } from '../../platform/service-context';

export type {
  TicketCommentRow,
  TicketDetail,
  TicketKind,
  TicketListRow,
  TicketStatus,
  TicketType,
} from '@lightpath/domain/tickets';

// One ticket interface (decisions.md): the built-in store in the portal's database, or Zendesk.
// The wire types live in the domain package, shared with the web client.

// A file already in the portal's file storage (platform/storage.ts), to go with a new ticket. Zendesk
// gets a copy; the built-in store has it already. Either way, linking its ticket_attachments row to the
// ticket is the caller's (the access service's) work.
export type TicketAttachmentFile = {
  attachmentId: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  read: () => Promise<Buffer>;
};

export type NewTicket = {
  customerId: number;
  requester: string;
  ccs: string[];
  subject: string;
  // Sanitised HTML (platform/sanitise-html.ts) for the opening comment.
  htmlcomment: string;
  tickettype: TicketType;
  services: string[];
  starttime: number | null;
  endtime: number | null;
  createdBy: number | null;
  kind?: TicketKind;
  siteId?: number | null;
  assigneeUserId?: number | null;
  attachments?: TicketAttachmentFile[];
};

export type TicketComment = {
  author: string;
  authorUserId: number | null;
  // Sanitised HTML.
  htmlcomment: string;
};

// What the events module needs of a ticket ('Prefill Event').
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

export type TicketListQuery = {
  // null: every customer (provider staff); otherwise only this customer's tickets.
  customerId: number | null;
  kind?: TicketKind;
  status?: TicketStatus;
  assigneeUserId?: number;
  siteId?: number;
  // Tickets naming this service (the service report); service ids are upper case.
  serviceId?: string;
  q?: string;
  sort: 'updated' | '-updated' | 'created' | '-created' | 'ticketid' | '-ticketid';
  limit: number;
  offset: number;
};

export type TicketSystem = {
  kind: 'built-in' | 'zendesk';
  // `db` is the caller's transaction: the built-in store writes the ticket, its first comment and the
  // requester's e-mail in it, so all of them happen once or not at all. `dedupeKey` makes a retry a no-op
  // (the outbox e-mail for the built-in store; the ticket's external_id for Zendesk).
  createTicket: (db: DbOrTx, ticket: NewTicket, dedupeKey: string) => Promise<{ ticketid: number }>;
  addComment: (db: DbOrTx, ticketid: number, comment: TicketComment, dedupeKey: string) => Promise<void>;
  findTicket: (db: DbOrTx, ticketid: number) => Promise<TicketSummary | null>;
  // `countexact: false` when the count is a lower bound (a store that counts within listCountWindow).
  listTickets: (
    db: Db,
    query: TicketListQuery,
  ) => Promise<{ count: number; countexact?: boolean; results: TicketListRow[] }>;
  // The whole ticket with its comments, oldest first. Scope is the caller's to check (customerid).
  getTicket: (db: Db, ticketid: number) => Promise<TicketDetail | null>;
  setStatus: (db: DbOrTx, ticketid: number, status: TicketStatus) => Promise<void>;
};

// A ticket system is built before any request, with the app's logger only.
export type TicketSystemDependencies = Pick<Dependencies, 'log'>;
