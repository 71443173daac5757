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
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx, RawQuery } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { Invalid, NotFound } from '../../platform/errors';
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

export async function listContactsFor(query: RawQuery, actor: Actor, input: ListQuery & ContactFilter) {
  const sort = parseSort(input.sort, contactSortFields, 'contactname');
  const page = await listContacts(query, scopeOf(actor), { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

export async function getContactFor(query: RawQuery, actor: Actor, contactId: number): Promise<Contact> {
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

export async function createContact(
  db: Db,
  query: RawQuery,
  request: FastifyRequest,
  actor: Actor,
  input: ContactCreate,
) {
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
    await recordAudit(tx, request, {
      action: 'contact.create',
      entity: 'contact',
      entityId: row.contactId,
      detail: { customerid: customerId, contactname: row.contactName },
    });
    return row.contactId;
  });
  // Read once the transaction has committed, by the same statements as GET.
  return getContactFor(query, actor, contactId);
}

export async function updateContact(
  db: Db,
  query: RawQuery,
  request: FastifyRequest,
  actor: Actor,
  contactId: number,
  input: ContactUpdate,
) {
  await db.transaction(async (tx) => {
    await requireContactFor(tx, actor, contactId);
    await updateContactRow(tx, contactId, {
      ...(input.contactname !== undefined && { contactName: input.contactname }),
      ...(input.email !== undefined && { email: input.email }),
      ...(input.title !== undefined && { title: input.title }),
      ...(input.office !== undefined && { office: input.office }),
      ...(input.mobile !== undefined && { mobile: input.mobile }),
    });
    await recordAudit(tx, request, {
      action: 'contact.update',
      entity: 'contact',
      entityId: contactId,
      detail: { fields: Object.keys(input) },
    });
  });
  return getContactFor(query, actor, contactId);
}

export async function deleteContact(db: Db, request: FastifyRequest, actor: Actor, contactId: number) {
  await db.transaction(async (tx) => {
    const existing = await requireContactFor(tx, actor, contactId);
    const assignments = await deleteContactRow(tx, contactId);
    await recordAudit(tx, request, {
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
