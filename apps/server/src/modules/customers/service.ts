import { scopeOf } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import {
  type CompanySettingsUpdate,
  type CustomerCreate,
  type CustomerUpdate,
  customerMessages,
  withCdrPinFor,
} from '@lightpath/domain/customers';
import { recordAudit } from '../../platform/audit';
import { columnUpdates } from '../../platform/column-updates';
import { Conflict, NotFound } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
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
  ctx: ServiceContext,
  query: ListQuery & { enabled?: boolean | undefined },
) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  const sort = parseSort(query.sort, customerSortFields, 'customername');
  const page = await listCustomers(db, scopeOf(actor), { ...query, sort });
  const results = page.results.map((customer) => withCdrPinFor(actor, customer));
  return { ...page, results, limit: query.limit, offset: query.offset };
}

export async function getCustomerFor(ctx: ServiceContext, customerId: number) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  const row = await findCustomer(db, scopeOf(actor), customerId);
  if (!row) throw new NotFound(customerMessages.notFound);
  return withCdrPinFor(actor, toCustomer(row));
}

export async function createCustomer(ctx: ServiceContext, input: CustomerCreate) {
  const { db } = ctx;
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
    await recordAudit(tx, ctx, {
      action: 'customer.create',
      entity: 'customer',
      entityId: row.customerId,
      detail: { customername: row.customerName, customercode: row.customerCode },
    });
    return toCustomer(row);
  });
}

async function applyCustomerUpdate(
  ctx: ServiceContext,
  customerId: number,
  input: CustomerUpdate,
  action: string,
) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  return db.transaction(async (tx) => {
    const existing = await findCustomer(tx, scopeOf(actor), customerId);
    if (!existing) throw new NotFound(customerMessages.notFound);
    const row = await updateCustomerRow(tx, customerId, {
      ...columnUpdates(input, {
        customername: 'customerName',
        enabled: 'enabled',
        logo64: 'logo64',
        cdrpin: 'cdrPin',
      }),
    });
    // Logos are large and PINs are secrets: record that they changed, not their values.
    await recordAudit(tx, ctx, {
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
export function updateCustomer(ctx: ServiceContext, customerId: number, input: CustomerUpdate) {
  return applyCustomerUpdate(ctx, customerId, input, 'customer.update');
}

// Company Settings: a company admin edits the logo and PIN of the company they are acting for.
export function updateCompanySettings(ctx: ServiceContext, input: CompanySettingsUpdate) {
  const { actor } = ctx.caller;
  return applyCustomerUpdate(ctx, actor.customerId, input, 'customer.settings.update');
}
