import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AccessAttachment,
  type AccessRequest,
  type AccessRequestReply,
  type AccessStepOne,
  type AccessTicketPlan,
  accessMessages,
  accessRequestHtml,
  accessStepOneProblem,
  accessSubject,
  accessTypeRefusal,
  type UploadKind,
  type UploadRefusal,
  uploadBatchProblem,
  uploadContentProblem,
  uploadKindOf,
  uploadKinds,
} from '@lightpath/domain/access';
import { scopeOf } from '@lightpath/domain/actor';
import { fullName } from '@lightpath/domain/users';
import type { DbOrTx } from '../../db/client';
import type { TicketAttachmentFile } from '../../integrations/tickets/ticket-system';
import { recordAudit } from '../../platform/audit';
import { recordChange } from '../../platform/changes';
import { AppError, Conflict, Invalid } from '../../platform/errors';
import { sanitiseHtml } from '../../platform/sanitise-html';
import type { ServiceContext } from '../../platform/service-context';
import { newStorageKey } from '../../platform/storage';
import { listSiteContactsFor, requireSiteFor } from '../sites/service';
import {
  findAccessRequestByRequestKey,
  findUnlinkedAttachments,
  insertAccessRequestRow,
  insertAttachmentRows,
  linkAttachments,
  listAccessRequests,
  listLinkedAttachmentNames,
  type NewAttachmentRow,
} from './repository';

type SiteRow = Awaited<ReturnType<typeof requireSiteFor>>;

// Out of scope is 404 before anything else (even a bad body or a refused file), so a refusal never
// confirms that another customer's site exists.
export function requireAccessSite(ctx: ServiceContext, siteId: number): Promise<SiteRow> {
  const { db } = ctx;
  const { actor } = ctx.caller;
  return requireSiteFor(db, actor, siteId);
}

// A site whose access type says "not through the portal" takes neither uploads nor requests, and a
// disabled site is offered by no picker (spec 5).
function checkSiteTakesRequests(site: SiteRow) {
  if (site.status === 0) throw Invalid.field('siteID', accessMessages.siteDisabled);
  const refusal = accessTypeRefusal(site.accessType);
  if (refusal) throw Invalid.field('siteID', refusal);
}

export async function listAccessRequestsFor(
  ctx: ServiceContext,
  siteId: number,
  page: { limit: number; offset: number },
) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  await requireAccessSite(ctx, siteId);
  const result = await listAccessRequests(query, scopeOf(actor), siteId, page);
  return { ...result, limit: page.limit, offset: page.offset };
}

// ---------------------------------------------------------------------------------------------------
// Uploads (spec 7.4: the access form, sent before the request). Every file is checked (name, type
// by extension and by content, size) before anything is written; then the files are stored and
// their rows inserted, and should the rows fail the stored files are removed again.

export type ReceivedFile = { name: string; bytes: Buffer };

export class UploadRefused extends AppError {
  constructor(refusal: UploadRefusal) {
    super(refusal.status, refusal.message, [{ path: 'files', message: refusal.message }]);
  }
}

function contentTypeOf(name: string): string {
  return uploadKinds[uploadKindOf(name) as UploadKind].contentType;
}

// The bearer of an upload's token may name it in a request: unguessable, and never shown to
// anyone but the uploader.
function newAttachmentToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function uploadAccessForms(
  ctx: ServiceContext,
  siteId: number,
  files: readonly ReceivedFile[],
): Promise<AccessAttachment[]> {
  const { actor } = ctx.caller;
  const site = await requireAccessSite(ctx, siteId);
  checkSiteTakesRequests(site);
  const maxBytes = ctx.config.uploads.maxBytes;
  const batchProblem = uploadBatchProblem(
    files.map((f) => ({ name: f.name, size: f.bytes.length })),
    maxBytes,
  );
  if (batchProblem) throw new UploadRefused(batchProblem);
  for (const file of files) {
    const problem = uploadContentProblem(file, maxBytes);
    if (problem) throw new UploadRefused(problem);
  }

  const stored: string[] = [];
  try {
    const rows: NewAttachmentRow[] = [];
    for (const file of files) {
      const storageKey = newStorageKey('access');
      await ctx.storage.put(storageKey, file.bytes);
      stored.push(storageKey);
      rows.push({
        token: newAttachmentToken(),
        siteId,
        // The request that links it opens a ticket for the site's customer, so the upload is theirs.
        customerId: site.customerId,
        fileName: file.name,
        contentType: contentTypeOf(file.name),
        sizeBytes: file.bytes.length,
        storageKey,
        uploadedBy: actor.userId,
      });
    }
    const inserted = await ctx.db.transaction(async (tx) => {
      const created = await insertAttachmentRows(tx, rows);
      await recordAudit(tx, ctx, {
        action: 'access.upload',
        entity: 'site',
        entityId: siteId,
        detail: {
          files: created.map((row) => ({
            attachmentid: row.attachmentId,
            name: row.fileName,
            size: row.sizeBytes,
          })),
        },
      });
      return created;
    });
    return inserted.map((row) => ({
      token: row.token,
      filename: row.fileName,
      size: row.sizeBytes,
      contenttype: row.contentType,
    }));
  } catch (error) {
    await Promise.all(
      stored.map((key) =>
        ctx.storage.remove(key).catch((err: unknown) => {
          ctx.log.error({ err, key }, 'removing an upload whose row was not written failed');
        }),
      ),
    );
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// Requests (spec 7.4: POST site/{id}/access). The flow: the site is in scope, the body names it, the
// step-one rule passes with the site's stored access type, every named upload belongs to this site
// and is unused; then either the plan (preflight: nothing written) or one transaction that opens the
// ticket (with the built-in store, its e-mails with it), links the attachments to it, stores the request
// (with its request key) and audits it. The same steps whichever ticket system holds the ticket.

const bodyPathOf: Record<NonNullable<ReturnType<typeof accessStepOneProblem>>['path'], string> = {
  site: 'siteID',
  datetime: 'datetime',
  technician: 'technician',
  details: 'additionaldetails',
  number: 'number',
  files: 'attachments',
};

function stepOneOf(site: SiteRow, body: AccessRequest): AccessStepOne {
  return {
    accesstype: site.accessType,
    datetime: body.datetime,
    technician: body.technician,
    details: body.additionaldetails,
    number: body.number ?? null,
    files: body.attachments.length,
  };
}

async function attachmentsFor(ctx: ServiceContext, siteId: number, tokens: readonly string[]) {
  const { actor } = ctx.caller;
  const unique = [...new Set(tokens)];
  const rows = await findUnlinkedAttachments(ctx.db, scopeOf(actor), siteId, unique);
  if (rows.length !== unique.length || unique.length !== tokens.length)
    throw Invalid.field('attachments', accessMessages.attachmentUnknown);
  return rows;
}

// The site's contacts are copied in when asked (addccs); the requester hears of the ticket anyway.
async function ccsFor(ctx: ServiceContext, siteId: number, requester: string, addccs: boolean) {
  if (!addccs) return [];
  const contacts = await listSiteContactsFor(ctx, siteId);
  const seen = new Set([requester.toLowerCase()]);
  const ccs: string[] = [];
  for (const contact of contacts) {
    const email = contact.email?.trim();
    if (!email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    ccs.push(email);
  }
  return ccs;
}

async function planFor(
  ctx: ServiceContext,
  site: SiteRow,
  body: AccessRequest,
  names: readonly string[],
): Promise<AccessTicketPlan> {
  const who = ctx.caller;
  const requester = who.email;
  const ccs = await ccsFor(ctx, site.siteId, requester, body.addccs);
  const html = accessRequestHtml(
    {
      sitenumber: site.siteNumber,
      sitename: site.siteName,
      building: site.building,
      street: site.street,
      suburb: site.suburb,
      postcode: site.postcode,
      accesstype: site.accessType,
      accesshours: site.accessHours,
    },
    body,
    {
      requestedBy: `${fullName(who.user)} <${who.email}>`,
      attachments: names,
      timeZone: ctx.config.timeZone,
    },
  );
  return { requester, ccs, attachments: [...names], htmlcomment: sanitiseHtml(html), id: null };
}

export type AccessWriteOutcome =
  | { kind: 'preflight'; reply: AccessRequestReply }
  | { kind: 'created' | 'repeated'; reply: AccessRequestReply; ticketid: number };

// What answers a retry: the ticket the first request opened, with the files it carries.
async function repeatedOutcome(
  ctx: ServiceContext,
  site: SiteRow,
  body: AccessRequest,
  ticketid: number,
): Promise<AccessWriteOutcome> {
  const names = await listLinkedAttachmentNames(ctx.db, ticketid);
  const plan = await planFor(ctx, site, body, names);
  return { kind: 'repeated', ticketid, reply: { ticket: { create: { ...plan, id: ticketid } } } };
}

// An earlier request with this key (site_access_requests.request_key), for this site; a key used for
// another site is a conflict.
async function priorTicketFor(db: DbOrTx, siteId: number, dedupeKey: string): Promise<number | null> {
  const prior = await findAccessRequestByRequestKey(db, dedupeKey);
  if (!prior) return null;
  if (prior.siteId !== siteId) throw new Conflict(accessMessages.requestKeyReused, 'idempotency-key');
  return prior.ticketId;
}

export async function createAccessRequest(
  ctx: ServiceContext,
  siteId: number,
  body: AccessRequest,
  requestKey: string | null,
): Promise<AccessWriteOutcome> {
  const { actor } = ctx.caller;
  const site = await requireAccessSite(ctx, siteId);
  if (body.siteID !== siteId) throw Invalid.field('siteID', accessMessages.siteMismatch);
  // The ticket system is handed the key as its dedupe key, so a retry opens no second ticket and sends
  // no second e-mail; the request row keeps it too (request_key), so a retry finds the first request
  // (whose uploads are linked by now) before they are checked again, with either ticket system.
  const dedupeKey = `access:${requestKey ?? randomUUID()}`;
  if (!body.preflight && requestKey) {
    const prior = await priorTicketFor(ctx.db, siteId, dedupeKey);
    if (prior !== null) return repeatedOutcome(ctx, site, body, prior);
  }
  if (site.status === 0) throw Invalid.field('siteID', accessMessages.siteDisabled);
  const problem = accessStepOneProblem(stepOneOf(site, body));
  if (problem) throw Invalid.field(bodyPathOf[problem.path], problem.message);
  const attachments = await attachmentsFor(ctx, siteId, body.attachments);
  const plan = await planFor(
    ctx,
    site,
    body,
    attachments.map((a) => a.fileName),
  );
  if (body.preflight) return { kind: 'preflight', reply: { ticket: { create: plan } } };

  const outcome = await ctx.db.transaction(async (tx) => {
    // Taken again under lock: another request may have linked one of them since the check above. When
    // that request was this one's twin (the same key, racing), its ticket is the answer.
    const locked = await findUnlinkedAttachments(tx, scopeOf(actor), siteId, body.attachments, {
      lock: true,
    });
    if (locked.length !== attachments.length) {
      const prior = requestKey ? await priorTicketFor(tx, siteId, dedupeKey) : null;
      if (prior !== null) return { kind: 'repeated' as const, ticketid: prior };
      throw Invalid.field('attachments', accessMessages.attachmentUnknown);
    }
    const files: TicketAttachmentFile[] = locked.map((row) => ({
      attachmentId: row.attachmentId,
      fileName: row.fileName,
      contentType: row.contentType,
      sizeBytes: row.sizeBytes,
      read: () => ctx.storage.get(row.storageKey),
    }));
    const created = await ctx.tickets.createTicket(
      tx,
      {
        customerId: site.customerId,
        requester: plan.requester,
        ccs: plan.ccs,
        subject: accessSubject(
          { sitenumber: site.siteNumber, sitename: site.siteName },
          body,
          ctx.config.timeZone,
        ),
        htmlcomment: plan.htmlcomment,
        tickettype: 'task',
        services: [],
        starttime: body.datetime,
        endtime: null,
        createdBy: actor.userId,
        kind: 'access',
        siteId,
        attachments: files,
      },
      dedupeKey,
    );
    const row = await insertAccessRequestRow(tx, {
      ticketId: created.ticketid,
      requestKey: requestKey ? dedupeKey : null,
      siteId,
      customerId: site.customerId,
      requestedBy: actor.userId,
      accessType: site.accessType,
      technician: body.technician,
      accessTime: new Date(body.datetime * 1000),
      reason: body.reason ?? null,
      ticketNumber: body.number ?? null,
      emergency: body.emergency,
      serviceAffecting: body.serviceaffecting,
      details: body.additionaldetails,
    });
    // A twin request with the same key stored its request first (the ticket system answered its
    // ticket, by the same dedupe key): its row is the answer. Found by the key, never by the ticket
    // number, which an unrelated request may share after a change of ticket system.
    if (!row) {
      const prior = await priorTicketFor(tx, siteId, dedupeKey);
      return { kind: 'repeated' as const, ticketid: prior ?? created.ticketid };
    }
    // Linked here, not by the ticket system, so that a used upload is never offered again whichever
    // system holds the ticket; the ticket id is the ticket's number there.
    await linkAttachments(
      tx,
      locked.map((a) => a.attachmentId),
      created.ticketid,
    );
    await recordAudit(tx, ctx, {
      action: 'access.request',
      entity: 'site',
      entityId: siteId,
      detail: {
        requestid: row.requestId,
        ticketid: created.ticketid,
        accesstype: site.accessType,
        emergency: body.emergency,
        attachments: locked.map((a) => a.attachmentId),
      },
    });
    await recordChange(tx, 'tickets', [site.customerId]);
    return { kind: 'created' as const, ticketid: created.ticketid };
  });
  if (outcome.kind === 'repeated') return repeatedOutcome(ctx, site, body, outcome.ticketid);
  return {
    kind: 'created',
    ticketid: outcome.ticketid,
    reply: { ticket: { create: { ...plan, id: outcome.ticketid } } },
  };
}
