import { type Actor, scopeOf } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import { customerMessages } from '@lightpath/domain/customers';
import {
  formatSiteNumber,
  type SiteContactAssign,
  type SiteCreate,
  type SiteUpdate,
  siteMessages,
  siteRuleProblems,
} from '@lightpath/domain/sites';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { columnUpdates } from '../../platform/column-updates';
import { Conflict, Invalid, NotFound } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
import { requireContactFor } from '../contacts/service';
import { findCustomer } from '../customers/repository';
import { countServicesAtSite, listServicesAtSiteFor } from '../services/service';
import {
  deleteSiteContact,
  deleteSiteRow,
  findSiteByNumber,
  findSiteDetail,
  findSiteRow,
  insertSiteRow,
  listSiteContacts,
  listSites,
  type SiteFilter,
  type SiteRow,
  siteSortFields,
  updateSiteRow,
  upsertSiteContact,
} from './repository';

export async function listSitesFor(ctx: ServiceContext, input: ListQuery & SiteFilter) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const sort = parseSort(input.sort, siteSortFields, 'sitename');
  const page = await listSites(query, scopeOf(actor), { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

export async function getSiteFor(ctx: ServiceContext, siteId: number) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const site = await findSiteDetail(query, scopeOf(actor), siteId);
  if (!site) throw new NotFound(siteMessages.notFound);
  return site;
}

// Out of scope is 404 before anything else (even a bad body), so a refusal never confirms that a
// site exists.
export async function requireSiteFor(db: DbOrTx, actor: Actor, siteId: number): Promise<SiteRow> {
  const site = await findSiteRow(db, scopeOf(actor), siteId);
  if (!site) throw new NotFound(siteMessages.notFound);
  return site;
}

export async function listSiteServicesFor(ctx: ServiceContext, siteId: number) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  await requireSiteFor(db, actor, siteId);
  return listServicesAtSiteFor(ctx, siteId);
}

// A parent site gives its address to the sites within it, so it must be another enabled site of the
// same customer.
async function checkParent(tx: DbOrTx, actor: Actor, customerId: number, parentId: number, selfId?: number) {
  const parent = await findSiteRow(tx, scopeOf(actor), parentId);
  if (!parent || parent.siteId === selfId || parent.status !== 1 || parent.customerId !== customerId)
    throw Invalid.field('parentsite', siteMessages.parentInvalid);
}

export async function createSite(ctx: ServiceContext, input: SiteCreate) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  const siteNumber = formatSiteNumber(input.sitenumber);
  const siteId = await db.transaction(async (tx) => {
    if (!(await findCustomer(tx, scopeOf(actor), input.customerid)))
      throw Invalid.field('customerid', customerMessages.notFound);
    if (input.parentsite) await checkParent(tx, actor, input.customerid, input.parentsite);
    if (await findSiteByNumber(tx, input.customerid, siteNumber))
      throw new Conflict(siteMessages.numberInUse, 'sitenumber');
    const row = await insertSiteRow(tx, {
      siteNumber,
      siteName: input.sitename,
      siteType: input.sitetype,
      status: input.status,
      customerId: input.customerid,
      parentSiteId: input.parentsite ?? null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      building: input.building ?? null,
      street: input.street ?? null,
      suburb: input.suburb ?? null,
      postcode: input.postcode ?? null,
      accessHours: input.accesshours ?? null,
      accessNotes: input.accessnotes ?? null,
      siteNotes: input.sitenotes ?? null,
      accessType: input.accesstype,
      vplsName: input.vplsname ?? null,
      macLimit: input.maclimit,
      macFlush: input.macflush ?? null,
      allowedVlans: input.allowedvlans ?? null,
    });
    await recordAudit(tx, ctx, {
      action: 'site.create',
      entity: 'site',
      entityId: row.siteId,
      detail: { customerid: row.customerId, sitenumber: row.siteNumber, sitename: row.siteName },
    });
    return row.siteId;
  });
  // Read once the transaction has committed, by the same statement as GET.
  return getSiteFor(ctx, siteId);
}

export async function updateSite(ctx: ServiceContext, siteId: number, input: SiteUpdate) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  await db.transaction(async (tx) => {
    const existing = await requireSiteFor(tx, actor, siteId);
    // The cross-field rules hold for the record as it will be, not for the fields sent.
    const merged = {
      sitetype: existing.siteType,
      street: input.street === undefined ? existing.street : input.street,
      suburb: input.suburb === undefined ? existing.suburb : input.suburb,
      postcode: input.postcode === undefined ? existing.postcode : input.postcode,
      maclimit: input.maclimit === undefined ? existing.macLimit : input.maclimit,
    };
    const problems = siteRuleProblems(merged);
    if (problems.length > 0) throw new Invalid(problems[0]!.message, problems);
    // Only a new parent is checked: an edit that resends the current one must not fail because that
    // parent has been disabled since.
    if (input.parentsite && input.parentsite !== existing.parentSiteId)
      await checkParent(tx, actor, existing.customerId, input.parentsite, siteId);
    await updateSiteRow(tx, siteId, {
      ...columnUpdates(input, {
        sitename: 'siteName',
        status: 'status',
        parentsite: 'parentSiteId',
        latitude: 'latitude',
        longitude: 'longitude',
        building: 'building',
        street: 'street',
        suburb: 'suburb',
        postcode: 'postcode',
        accesshours: 'accessHours',
        accessnotes: 'accessNotes',
        sitenotes: 'siteNotes',
        accesstype: 'accessType',
        vplsname: 'vplsName',
        maclimit: 'macLimit',
        macflush: 'macFlush',
        allowedvlans: 'allowedVlans',
      }),
    });
    await recordAudit(tx, ctx, {
      action: 'site.update',
      entity: 'site',
      entityId: siteId,
      detail: { fields: Object.keys(input) },
    });
  });
  return getSiteFor(ctx, siteId);
}

export async function deleteSite(ctx: ServiceContext, siteId: number) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  await db.transaction(async (tx) => {
    const existing = await requireSiteFor(tx, actor, siteId);
    // Every service id embeds its sites' numbers, so a site goes only once no service names it.
    if ((await countServicesAtSite(tx, siteId)) > 0) throw new Conflict(siteMessages.hasServices);
    await deleteSiteRow(tx, siteId);
    await recordAudit(tx, ctx, {
      action: 'site.delete',
      entity: 'site',
      entityId: siteId,
      detail: {
        customerid: existing.customerId,
        sitenumber: existing.siteNumber,
        sitename: existing.siteName,
      },
    });
  });
}

export async function listSiteContactsFor(ctx: ServiceContext, siteId: number) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  await requireSiteFor(db, actor, siteId);
  return listSiteContacts(db, siteId);
}

export async function assignSiteContact(ctx: ServiceContext, siteId: number, input: SiteContactAssign) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  return db.transaction(async (tx) => {
    const site = await requireSiteFor(tx, actor, siteId);
    // A contact outside the caller's scope is 404 like any foreign record (the route checks it before
    // the body too); the rule's 400 is for a contact the caller can see (the NOC's) of another customer.
    const contact = await requireContactFor(tx, actor, input.contactid);
    if (contact.customerId !== site.customerId)
      throw Invalid.field('contactid', siteMessages.contactCustomerMismatch);
    await upsertSiteContact(tx, siteId, input.contactid, input.contacttype);
    await recordAudit(tx, ctx, {
      action: 'site.contact.assign',
      entity: 'site',
      entityId: siteId,
      detail: { contactid: input.contactid, contacttype: input.contacttype },
    });
    return listSiteContacts(tx, siteId);
  });
}

export async function unassignSiteContact(ctx: ServiceContext, siteId: number, contactId: number) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  return db.transaction(async (tx) => {
    await requireSiteFor(tx, actor, siteId);
    if (!(await deleteSiteContact(tx, siteId, contactId)))
      throw new NotFound(siteMessages.contactNotAssigned);
    await recordAudit(tx, ctx, {
      action: 'site.contact.unassign',
      entity: 'site',
      entityId: siteId,
      detail: { contactid: contactId },
    });
    return listSiteContacts(tx, siteId);
  });
}
