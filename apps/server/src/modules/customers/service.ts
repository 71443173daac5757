import { type Actor, scopeOf } from '@lightpath/domain/actor';
import { parseSort, type ListQuery } from '@lightpath/domain/api';
import {
  type CustomerCreate,
  type CustomerUpdate,
  companySettingsFields,
  customerMessages,
} from '@lightpath/domain/customers';
import { can } from '@lightpath/domain/permissions';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { Conflict, Forbidden, NotFound } from '../../platform/errors';
import {
  customerSortFields,
  findCustomer,
  findCustomerByCode,
  insertCustomer,
  listCustomers,
  toCustomer,
  updateCustomerRow,
} from './repository';

export async function listCustomersFor(db: Db, actor: Actor, query: ListQuery & { enabled?: boolean | undefined }) {
  const sort = parseSort(query.sort, customerSortFields, 'customername');
  const page = await listCustomers(db, scopeOf(actor), { ...query, sort });
  return { ...page, limit: query.limit, offset: query.offset };
}

export async function getCustomerFor(db: Db, actor: Actor, customerId: number) {
  const row = await findCustomer(db, scopeOf(actor), customerId);
  if (!row) throw new NotFound(customerMessages.notFound);
  return toCustomer(row);
}

export async function createCustomer(db: Db, request: FastifyRequest, input: CustomerCreate) {
  return db.transaction(async (tx) => {
    if (await findCustomerByCode(tx, input.customercode)) throw new Conflict(customerMessages.codeInUse, 'customercode');
    const row = await insertCustomer(tx, {
      customerName: input.customername,
      customerCode: input.customercode,
      enabled: input.enabled,
      logo64: input.logo64 ?? null,
      cdrPin: input.cdrpin ?? null,
    });
    await recordAudit(tx, request, {
      action: 'customer.create',
      entity: 'customer',
      entityId: row.customerId,
      detail: { customername: row.customerName, customercode: row.customerCode },
    });
    return toCustomer(row);
  });
}

// The provider edits any customer; a company admin edits only the Company Settings fields of their own.
export async function updateCustomer(
  db: Db,
  request: FastifyRequest,
  actor: Actor,
  customerId: number,
  input: CustomerUpdate,
) {
  const managesCustomers = can(actor, 'customers.manage');
  if (!managesCustomers) {
    if (customerId !== actor.customerId) throw new NotFound(customerMessages.notFound);
    const allowed: readonly string[] = companySettingsFields;
    const extra = Object.keys(input).filter((key) => !allowed.includes(key));
    if (extra.length > 0) throw new Forbidden(`Company admins can change only ${companySettingsFields.join(' and ')}`);
  }
  return db.transaction(async (tx) => {
    const existing = await findCustomer(tx, scopeOf(actor), customerId);
    if (!existing) throw new NotFound(customerMessages.notFound);
    const row = await updateCustomerRow(tx, customerId, {
      ...(input.customername !== undefined && { customerName: input.customername }),
      ...(input.enabled !== undefined && { enabled: input.enabled }),
      ...(input.logo64 !== undefined && { logo64: input.logo64 }),
      ...(input.cdrpin !== undefined && { cdrPin: input.cdrpin }),
    });
    await recordAudit(tx, request, {
      action: 'customer.update',
      entity: 'customer',
      entityId: customerId,
      // Logos are large and PINs are secrets: record that they changed, not their values.
      detail: { fields: Object.keys(input) },
    });
    return toCustomer(row!);
  });
}
