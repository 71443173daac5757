import { type Actor, scopeOf } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import { can } from '@lightpath/domain/permissions';
import {
  type ServiceCreate,
  type ServiceUpdate,
  serviceMessages,
  serviceSiteProblems,
} from '@lightpath/domain/services';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { columnUpdates } from '../../platform/column-updates';
import { Conflict, Invalid, NotFound } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
import { findCustomer, findProviderCustomer } from '../customers/repository';
import {
  countServicesByGroup,
  countServicesReferencingSite,
  deleteServiceRow,
  deprovisionServiceRow,
  findServiceDetail,
  findServiceEndSite,
  findServiceRow,
  insertServiceRow,
  isServiceInEvents,
  listServices,
  listServicesAtSite,
  type ServiceCounts,
  type ServiceFilter,
  serviceSortFields,
  updateServiceRow,
  upsertPatching,
} from './repository';

export async function listServicesFor(ctx: ServiceContext, input: ListQuery & ServiceFilter) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const sort = parseSort(input.sort, serviceSortFields, 'serviceid');
  const page = await listServices(query, scopeOf(actor), { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

export async function getServiceFor(ctx: ServiceContext, serviceId: string) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  const service = await findServiceDetail(query, scopeOf(actor), serviceId);
  if (!service) throw new NotFound(serviceMessages.notFound);
  return service;
}

// For the sites area: the services with an end at a site the caller may see.
export function listServicesAtSiteFor(ctx: ServiceContext, siteId: number) {
  const { query } = ctx;
  const { actor } = ctx.caller;
  return listServicesAtSite(query, scopeOf(actor), siteId);
}

// For the sites area: a site with services at either end cannot be deleted.
export function countServicesAtSite(db: DbOrTx, siteId: number) {
  return countServicesReferencingSite(db, siteId);
}

// The sidebar asks for six counts at once, each through its own provider; they share one query per
// request by keying on the request's actor object, which lives only as long as the request.
const countsByRequest = new WeakMap<Actor, Promise<ServiceCounts>>();
export function serviceCountsFor(ctx: ServiceContext): Promise<ServiceCounts> {
  const { db } = ctx;
  const { actor } = ctx.caller;
  let counts = countsByRequest.get(actor);
  if (!counts) {
    counts = can(actor, 'services.view')
      ? countServicesByGroup(db, scopeOf(actor))
      : Promise.resolve({ all: 0, unmanaged: 0, managed: 0, vpls: 0, internet: 0, l3vpn: 0 });
    countsByRequest.set(actor, counts);
  }
  return counts;
}

export async function createService(ctx: ServiceContext, input: ServiceCreate) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  const scope = scopeOf(actor);
  await db.transaction(async (tx) => {
    const customer = await findCustomer(tx, scope, input.customerid);
    const provider = await findProviderCustomer(tx);
    const asite = await findServiceEndSite(tx, scope, input.aendsiteid);
    const bsite = await findServiceEndSite(tx, scope, input.bendsiteid);
    const endOf = (site: typeof asite) =>
      site && { customerid: site.customerId, sitenumber: site.siteNumber, status: site.status };
    const problems = serviceSiteProblems({
      serviceid: input.serviceid,
      customer: customer && { customerid: customer.customerId, customercode: customer.customerCode },
      asite: endOf(asite),
      bsite: endOf(bsite),
      providerCustomerId: provider?.customerId ?? null,
    });
    if (problems.length > 0) throw new Invalid(problems[0]!.message, problems);
    if (await findServiceRow(tx, { kind: 'all' }, input.serviceid))
      throw new Conflict(serviceMessages.exists, 'serviceid');
    await insertServiceRow(tx, {
      serviceId: input.serviceid,
      typeLetter: input.serviceid.slice(-1),
      description: input.description,
      status: input.status,
      speed: input.speed ?? null,
      customerId: input.customerid,
      aEndSiteId: input.aendsiteid,
      bEndSiteId: input.bendsiteid,
      diversity: input.diversity,
      path: input.path ?? null,
      notes: input.notes ?? null,
      provisionDate: input.provisiondate,
      aEndPortId: input.aendportid ?? null,
      bEndPortId: input.bendportid ?? null,
      juniperPortId: input.juniperportid ?? null,
      slaTarget: slaTargetColumn(input.slatarget) ?? null,
    });
    if (input.patching) await upsertPatching(tx, input.serviceid, input.patching);
    await recordAudit(tx, ctx, {
      action: 'service.create',
      entity: 'service',
      entityId: input.serviceid,
      detail: {
        customerid: input.customerid,
        aendsiteid: input.aendsiteid,
        bendsiteid: input.bendsiteid,
        status: input.status,
      },
    });
  });
  // Read once the transaction has committed, by the same statement as GET.
  return getServiceFor(ctx, input.serviceid);
}

// numeric(6,3) travels as text, so 99.95 is stored as written, not as the nearest binary fraction.
function slaTargetColumn(target: number | null | undefined): string | null | undefined {
  return target === null || target === undefined ? target : target.toFixed(3);
}

export async function updateService(ctx: ServiceContext, serviceId: string, input: ServiceUpdate) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  await db.transaction(async (tx) => {
    const existing = await findServiceRow(tx, scopeOf(actor), serviceId);
    if (!existing) throw new NotFound(serviceMessages.notFound);
    // Leaving status 0 (or entering it) by an edit keeps the deprovisioning time truthful.
    const statusChange =
      input.status === undefined || (input.status === 0) === (existing.status === 0)
        ? {}
        : { deprovisionedAt: input.status === 0 ? new Date() : null };
    await updateServiceRow(tx, serviceId, {
      ...columnUpdates(input, {
        description: 'description',
        speed: 'speed',
        diversity: 'diversity',
        status: 'status',
        provisiondate: 'provisionDate',
        path: 'path',
        notes: 'notes',
        aendportid: 'aEndPortId',
        bendportid: 'bEndPortId',
        juniperportid: 'juniperPortId',
      }),
      ...(input.slatarget !== undefined && { slaTarget: slaTargetColumn(input.slatarget) }),
      ...statusChange,
    });
    if (input.patching) await upsertPatching(tx, serviceId, input.patching);
    await recordAudit(tx, ctx, {
      action: 'service.update',
      entity: 'service',
      entityId: serviceId,
      detail: { fields: Object.keys(input) },
    });
  });
  // Read once the transaction has committed, by the same statement as GET.
  return getServiceFor(ctx, serviceId);
}

export async function deleteService(ctx: ServiceContext, serviceId: string) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  await db.transaction(async (tx) => {
    const existing = await findServiceRow(tx, scopeOf(actor), serviceId);
    if (!existing) throw new NotFound(serviceMessages.notFound);
    if (await isServiceInEvents(tx, serviceId)) throw new Conflict(serviceMessages.inEvents);
    await deleteServiceRow(tx, serviceId);
    await recordAudit(tx, ctx, {
      action: 'service.delete',
      entity: 'service',
      entityId: serviceId,
      detail: { customerid: existing.customerId, description: existing.description },
    });
  });
}

export async function deprovisionService(ctx: ServiceContext, serviceId: string) {
  const { db } = ctx;
  const { actor } = ctx.caller;
  await db.transaction(async (tx) => {
    const existing = await findServiceRow(tx, scopeOf(actor), serviceId);
    if (!existing) throw new NotFound(serviceMessages.notFound);
    // Conditional, so that of two deprovisions racing exactly one wins.
    if (!(await deprovisionServiceRow(tx, serviceId)))
      throw new Conflict(serviceMessages.alreadyDeprovisioned);
    await recordAudit(tx, ctx, {
      action: 'service.deprovision',
      entity: 'service',
      entityId: serviceId,
      detail: { previousstatus: existing.status },
    });
  });
  // Read once the transaction has committed, by the same statement as GET.
  return getServiceFor(ctx, serviceId);
}
