import { type Actor, scopeOf } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import {
  type Contact,
  type ContactCreate,
  type ContactUpdate,
  contactCustomerFor,
  contactMessages,
  contactSortFields,
} from '@lightpath/domain/contacts';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { columnUpdates } from '../../platform/column-updates';
import { Invalid, NotFound } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
import { findCustomer } from '../customers/repository';
import {
  type ContactFilter,
  type ContactRow,
  deleteContactRow,
  findContactDetail,
  findContactRow,
  insertContactRow,
  listContactSites,
  listContacts,
  updateContactRow,
} from './repository';

export async function listContactsFor(ctx: ServiceContext, input: ListQuery & ContactFilter) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const sort = parseSort(input.sort, contactSortFields, 'contactname');
  const page = await listContacts(query, scopeOf(actor), { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

export async function getContactFor(ctx: ServiceContext, contactId: number): Promise<Contact> {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const contact = await findContactDetail(query, scopeOf(actor), contactId);
  if (!contact) throw new NotFound(contactMessages.notFound);
  return { ...contact, sites: await listContactSites(query, contactId) };
}

// Out of scope is 404 before anything else (even a bad body), so a refusal never confirms that
// another customer's contact exists.
export async function requireContactFor(db: DbOrTx, actor: Actor, contactId: number): Promise<ContactRow> {
  const contact = await findContactRow(db, scopeOf(actor), contactId);
  if (!contact) throw new NotFound(contactMessages.notFound);
  return contact;
}

export async function createContact(ctx: ServiceContext, input: ContactCreate) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  const customerId = contactCustomerFor(actor, input.customerid);
  if (customerId === null) throw Invalid.field('customerid', contactMessages.customerRequired);
  const contactId = await db.transaction(async (tx) => {
    if (!(await findCustomer(tx, scopeOf(actor), customerId)))
      throw Invalid.field('customerid', contactMessages.customerNotFound);
    const row = await insertContactRow(tx, {
      customerId,
      contactName: input.contactname,
      email: input.email ?? null,
      title: input.title ?? null,
      office: input.office ?? null,
      mobile: input.mobile ?? null,
    });
    await recordAudit(tx, ctx, {
      action: 'contact.create',
      entity: 'contact',
      entityId: row.contactId,
      detail: { customerid: customerId, contactname: row.contactName },
    });
    return row.contactId;
  });
  // Read once the transaction has committed, by the same statements as GET.
  return getContactFor(ctx, contactId);
}

export async function updateContact(ctx: ServiceContext, contactId: number, input: ContactUpdate) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  await db.transaction(async (tx) => {
    await requireContactFor(tx, actor, contactId);
    await updateContactRow(tx, contactId, {
      ...columnUpdates(input, {
        contactname: 'contactName',
        email: 'email',
        title: 'title',
        office: 'office',
        mobile: 'mobile',
      }),
    });
    await recordAudit(tx, ctx, {
      action: 'contact.update',
      entity: 'contact',
      entityId: contactId,
      detail: { fields: Object.keys(input) },
    });
  });
  return getContactFor(ctx, contactId);
}

export async function deleteContact(ctx: ServiceContext, contactId: number) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  await db.transaction(async (tx) => {
    const existing = await requireContactFor(tx, actor, contactId);
    const assignments = await deleteContactRow(tx, contactId);
    await recordAudit(tx, ctx, {
      action: 'contact.delete',
      entity: 'contact',
      entityId: contactId,
      detail: {
        customerid: existing.customerId,
        contactname: existing.contactName,
        // The site assignments removed with it, so an unexpected 'site without a primary contact'
        // can be traced back here.
        sites: assignments.map((a) => ({ siteid: a.siteId, contacttype: a.contactType })),
      },
    });
  });
}
