import { type Actor, scopeOf } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import {
  type CompanySettingsUpdate,
  type CustomerCreate,
  type CustomerUpdate,
  customerMessages,
  withCdrPinFor,
} from '@lightpath/domain/customers';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { Conflict, NotFound } from '../../platform/errors';
import {
  customerSortFields,
  findCustomer,
  findCustomerByCode,
  insertCustomer,
  listCustomers,
  toCustomer,
  updateCustomerRow,
} from './repository';

export async function listCustomersFor(
  db: Db,
  actor: Actor,
  query: ListQuery & { enabled?: boolean | undefined },
) {
  const sort = parseSort(query.sort, customerSortFields, 'customername');
  const page = await listCustomers(db, scopeOf(actor), { ...query, sort });
  const results = page.results.map((customer) => withCdrPinFor(actor, customer));
  return { ...page, results, limit: query.limit, offset: query.offset };
}

export async function getCustomerFor(db: Db, actor: Actor, customerId: number) {
  const row = await findCustomer(db, scopeOf(actor), customerId);
  if (!row) throw new NotFound(customerMessages.notFound);
  return withCdrPinFor(actor, toCustomer(row));
}

export async function createCustomer(db: Db, request: FastifyRequest, input: CustomerCreate) {
  return db.transaction(async (tx) => {
    if (await findCustomerByCode(tx, input.customercode))
      throw new Conflict(customerMessages.codeInUse, 'customercode');
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

async function applyCustomerUpdate(
  db: Db,
  request: FastifyRequest,
  actor: Actor,
  customerId: number,
  input: CustomerUpdate,
  action: string,
) {
  return db.transaction(async (tx) => {
    const existing = await findCustomer(tx, scopeOf(actor), customerId);
    if (!existing) throw new NotFound(customerMessages.notFound);
    const row = await updateCustomerRow(tx, customerId, {
      ...(input.customername !== undefined && { customerName: input.customername }),
      ...(input.enabled !== undefined && { enabled: input.enabled }),
      ...(input.logo64 !== undefined && { logo64: input.logo64 }),
      ...(input.cdrpin !== undefined && { cdrPin: input.cdrpin }),
    });
    // Logos are large and PINs are secrets: record that they changed, not their values.
    await recordAudit(tx, request, {
      action,
      entity: 'customer',
      entityId: customerId,
      detail: { fields: Object.keys(input) },
    });
    if (!row) throw new NotFound(customerMessages.notFound);
    return toCustomer(row);
  });
}

// The provider (customers.manage) edits any customer.
export function updateCustomer(
  db: Db,
  request: FastifyRequest,
  actor: Actor,
  customerId: number,
  input: CustomerUpdate,
) {
  return applyCustomerUpdate(db, request, actor, customerId, input, 'customer.update');
}

// Company Settings: a company admin edits the logo and PIN of the company they are acting for.
export function updateCompanySettings(
  db: Db,
  request: FastifyRequest,
  actor: Actor,
  input: CompanySettingsUpdate,
) {
  return applyCustomerUpdate(db, request, actor, actor.customerId, input, 'customer.settings.update');
}
