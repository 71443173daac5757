import type { TicketKind } from '@lightpath/domain/tickets';
import type { RawQuery } from '../../db/client';

// The tickets module's own reads: what a write must check before it reaches the ticket system
// (services, sites, technicians, a retried request). Hand-written SQL on the driver, as elsewhere; the
// tickets themselves are read and written through the TicketSystem (integrations/tickets).

export type TicketServiceRow = { serviceid: string; customerid: number; description: string };

// The named services that exist, with their customers; the caller compares against what was asked.
export function findServices(query: RawQuery, serviceIds: string[]): Promise<TicketServiceRow[]> {
  return query<TicketServiceRow>(
    'tickets_services',
    `select service_id as serviceid, customer_id as customerid, description
     from services where service_id = any($1::text[])`,
    [serviceIds],
  );
}

export type TicketSiteRow = {
  siteid: number;
  sitename: string;
  sitenumber: string;
  customerid: number;
  sitetype: number;
  status: number;
};

export async function findSite(query: RawQuery, siteId: number): Promise<TicketSiteRow | null> {
  const [row] = await query<TicketSiteRow>(
    'tickets_site',
    `select site_id as siteid, site_name as sitename, site_number as sitenumber, customer_id as customerid,
            site_type::int as sitetype, status::int as status
     from sites where site_id = $1`,
    [siteId],
  );
  return row ?? null;
}

export type Technician = { userid: number; firstname: string; surname: string; email: string };

// Field services staff (type 2) who can sign in: the people a job ticket can be for.
const techniciansText = `select user_id as userid, firstname, surname, email from users
  where type = 2 and enabled`;

export function listTechnicians(query: RawQuery): Promise<Technician[]> {
  return query<Technician>(
    'tickets_technicians',
    `${techniciansText} order by firstname, surname, user_id`,
    [],
  );
}

export async function findTechnician(query: RawQuery, userId: number): Promise<Technician | null> {
  const [row] = await query<Technician>('tickets_technician', `${techniciansText} and user_id = $1`, [
    userId,
  ]);
  return row ?? null;
}

// The built-in store's ticket made by an earlier request with this key, if any.
export async function findTicketByRequestKey(query: RawQuery, requestKey: string): Promise<number | null> {
  const [row] = await query<{ ticketid: number }>(
    'tickets_by_request_key',
    'select ticket_id as ticketid from tickets where request_key = $1',
    [requestKey],
  );
  return row?.ticketid ?? null;
}

export type TicketScopeRow = { customerid: number; kind: TicketKind; assigneeuserid: number | null };

// Just enough of a built-in ticket to decide who may see it.
export async function findTicketScopeRow(query: RawQuery, ticketId: number): Promise<TicketScopeRow | null> {
  const [row] = await query<TicketScopeRow>(
    'tickets_scope',
    `select customer_id as customerid, kind, assignee_user_id as assigneeuserid
     from tickets where ticket_id = $1`,
    [ticketId],
  );
  return row ?? null;
}

export type StoredAttachmentRow = { filename: string; contenttype: string; storagekey: string };

// A file the portal stored for a ticket (an access form), by the ticket it is linked to: an
// attachment id under another ticket answers nothing.
export async function findStoredAttachment(
  query: RawQuery,
  ticketId: number,
  attachmentId: number,
): Promise<StoredAttachmentRow | null> {
  const [row] = await query<StoredAttachmentRow>(
    'tickets_attachment',
    `select file_name as filename, content_type as contenttype, storage_key as storagekey
     from ticket_attachments where ticket_id = $1 and attachment_id = $2`,
    [ticketId, attachmentId],
  );
  return row ?? null;
}

// The event whose notice opened or last commented on this customer's ticket (event_notifications, the
// notifications module's table, read here like any join across areas). Works for either ticket system:
// the notice records the ticket id the system answered.
export async function findNoticeEventId(
  query: RawQuery,
  ticketId: number,
  customerId: number,
): Promise<number | null> {
  const [row] = await query<{ eventid: number }>(
    'tickets_notice_event',
    `select n.event_id as eventid from event_notifications n
      where n.ticket_id = $1 and n.customer_id = $2 and n.status = 'sent'
      order by n.sent_at desc nulls last, n.notification_id desc limit 1`,
    [ticketId, customerId],
  );
  return row?.eventid ?? null;
}
