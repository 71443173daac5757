import { scopeOf } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import {
  type CrossConnect,
  type CrossConnectCreate,
  type CrossConnectUpdate,
  canHoldRackSpace,
  colocationMessages,
  crossConnectProblem,
  crossConnectSortFields,
  type RackSpace,
  type RackSpaceCreate,
  type RackSpaceUpdate,
  rackSpaceSortFields,
  rackSpaceUnknown,
} from '@lightpath/domain/colocation';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { columnUpdates } from '../../platform/column-updates';
import { Conflict, Invalid, NotFound } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
import { findCustomer, findProviderCustomer } from '../customers/repository';
import { findSiteRow } from '../sites/repository';
import {
  type CrossConnectListFilter,
  findCrossConnect,
  findCrossConnectEnds,
  findRackSpace,
  findRackSpaceRow,
  insertCrossConnectRow,
  insertRackSpaceRow,
  listCrossConnects,
  listRackSpaces,
  lockCrossConnectRow,
  type RackSpaceListFilter,
  type RackSpaceRow,
  updateCrossConnectRow,
  updateRackSpaceRow,
} from './repository';

const fromUnixSeconds = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000));

// Rack spaces.

export async function listRackSpacesFor(ctx: ServiceContext, input: ListQuery & RackSpaceListFilter) {
  const sort = parseSort(input.sort, rackSpaceSortFields, 'rackspaceid');
  const page = await listRackSpaces(ctx.query, scopeOf(ctx.caller.actor), { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

async function getRackSpace(ctx: ServiceContext, uuid: string): Promise<RackSpace> {
  const rack = await findRackSpace(ctx.query, scopeOf(ctx.caller.actor), uuid);
  if (!rack) throw new NotFound(colocationMessages.rackSpaceNotFound);
  return rack;
}

// Out of scope is 404 before anything else (even a bad body), so a refusal never confirms that
// another customer's rack space exists.
export async function requireRackSpaceFor(
  ctx: ServiceContext,
  db: DbOrTx,
  rackId: string,
): Promise<RackSpaceRow> {
  const rack = await findRackSpaceRow(db, scopeOf(ctx.caller.actor), rackId);
  if (!rack) throw new NotFound(colocationMessages.rackSpaceNotFound);
  return rack;
}

// The unique index settles a race; this check gives the usual case its own message.
async function requireRackIdFree(tx: DbOrTx, rackId: string, self?: string) {
  const holder = await findRackSpaceRow(tx, { kind: 'all' }, rackId);
  if (holder && holder.uuid !== self) throw new Conflict(colocationMessages.rackIdTaken);
}

export async function createRackSpace(ctx: ServiceContext, input: RackSpaceCreate) {
  const scope = scopeOf(ctx.caller.actor);
  const uuid = await ctx.db.transaction(async (tx) => {
    const [customer, site, provider] = await Promise.all([
      findCustomer(tx, scope, input.customerid),
      findSiteRow(tx, scope, input.siteid),
      findProviderCustomer(tx),
    ]);
    if (!customer) throw Invalid.field('customerid', colocationMessages.customerNotFound);
    if (!site || !canHoldRackSpace(site, input.customerid, provider?.customerId ?? null))
      throw Invalid.field('siteid', colocationMessages.siteNotAllowed);
    await requireRackIdFree(tx, input.rackspaceid);
    const row = await insertRackSpaceRow(tx, {
      rackId: input.rackspaceid,
      description: input.description ?? null,
      siteId: input.siteid,
      customerId: input.customerid,
      endDate: fromUnixSeconds(input.enddate ?? null),
    });
    await recordAudit(tx, ctx, {
      action: 'rackspace.create',
      entity: 'rack_space',
      entityId: row.uuid,
      detail: { rackspaceid: row.rackId, siteid: row.siteId, customerid: row.customerId },
    });
    return row.uuid;
  });
  // Read once the transaction has committed, by the same statement as GET.
  return getRackSpace(ctx, uuid);
}

// PUT rackspace/{originalRackID}: the path names the rack as it was; a new rackspaceid renames it.
export async function updateRackSpace(ctx: ServiceContext, originalRackId: string, input: RackSpaceUpdate) {
  const uuid = await ctx.db.transaction(async (tx) => {
    const existing = await requireRackSpaceFor(ctx, tx, originalRackId);
    if (input.rackspaceid !== undefined && input.rackspaceid !== existing.rackId)
      await requireRackIdFree(tx, input.rackspaceid, existing.uuid);
    const values = columnUpdates(input, { rackspaceid: 'rackId', description: 'description' });
    await updateRackSpaceRow(tx, existing.uuid, {
      ...values,
      ...(input.enddate !== undefined ? { endDate: fromUnixSeconds(input.enddate) } : {}),
    });
    await recordAudit(tx, ctx, {
      action: 'rackspace.update',
      entity: 'rack_space',
      entityId: existing.uuid,
      detail: {
        fields: Object.keys(input),
        rackspaceid: { from: existing.rackId, to: input.rackspaceid ?? existing.rackId },
        ...(input.enddate !== undefined ? { enddate: input.enddate } : {}),
      },
    });
    return existing.uuid;
  });
  return getRackSpace(ctx, uuid);
}

// Cross-connects.

export async function listCrossConnectsFor(ctx: ServiceContext, input: ListQuery & CrossConnectListFilter) {
  const sort = parseSort(input.sort, crossConnectSortFields, 'crossconnectid');
  const page = await listCrossConnects(ctx.query, scopeOf(ctx.caller.actor), { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

export async function getCrossConnectFor(ctx: ServiceContext, crossConnectId: number): Promise<CrossConnect> {
  const found = await findCrossConnect(ctx.query, scopeOf(ctx.caller.actor), crossConnectId);
  if (!found) throw new NotFound(colocationMessages.crossConnectNotFound);
  return found;
}

export async function requireCrossConnectFor(ctx: ServiceContext, db: DbOrTx, crossConnectId: number) {
  const row = await lockCrossConnectRow(db, scopeOf(ctx.caller.actor), crossConnectId);
  if (!row) throw new NotFound(colocationMessages.crossConnectNotFound);
  return row;
}

// Both ends by rack id, in the caller's scope; an unknown one is a 400 on its field (the record the
// path names is the one that answers 404).
async function endsNamed(ctx: ServiceContext, tx: DbOrTx, a: string, b: string) {
  const found = await findCrossConnectEnds(tx, scopeOf(ctx.caller.actor), { rackIds: [a, b] });
  const byId = new Map(found.map((end) => [end.rackspaceid, end]));
  const aEnd = byId.get(a);
  if (!aEnd) throw Invalid.field('aendrackspaceid', rackSpaceUnknown(a));
  const bEnd = byId.get(b);
  if (!bEnd) throw Invalid.field('bendrackspaceid', rackSpaceUnknown(b));
  return { a: aEnd, b: bEnd };
}

export async function createCrossConnect(ctx: ServiceContext, input: CrossConnectCreate) {
  const id = await ctx.db.transaction(async (tx) => {
    const [ends, provider] = await Promise.all([
      endsNamed(ctx, tx, input.aendrackspaceid, input.bendrackspaceid),
      findProviderCustomer(tx),
    ]);
    // A new cross-connect is its A end's customer's.
    const customerId = ends.a.customerid;
    const problem = crossConnectProblem(ends, {
      customerId,
      providerCustomerId: provider?.customerId ?? null,
      chosen: { a: true, b: true },
    });
    if (problem) throw Invalid.field(problem.path, problem.message);
    const row = await insertCrossConnectRow(tx, {
      customerId,
      aEndRackSpace: ends.a.uuid,
      aEndPanel: input.aendpanel ?? null,
      aEndPort: input.aendport ?? null,
      bEndRackSpace: ends.b.uuid,
      bEndPanel: input.bendpanel ?? null,
      bEndPort: input.bendport ?? null,
    });
    await recordAudit(tx, ctx, {
      action: 'crossconnect.create',
      entity: 'cross_connect',
      entityId: row.crossConnectId,
      detail: {
        customerid: customerId,
        aendrackspaceid: ends.a.rackspaceid,
        bendrackspaceid: ends.b.rackspaceid,
      },
    });
    return row.crossConnectId;
  });
  return getCrossConnectFor(ctx, id);
}

export async function updateCrossConnect(
  ctx: ServiceContext,
  crossConnectId: number,
  input: CrossConnectUpdate,
) {
  await ctx.db.transaction(async (tx) => {
    const existing = await requireCrossConnectFor(ctx, tx, crossConnectId);
    const current = await findCrossConnectEnds(tx, scopeOf(ctx.caller.actor), {
      uuids: [existing.aEndRackSpace, existing.bEndRackSpace],
    });
    const byUuid = new Map(current.map((end) => [end.uuid, end]));
    const aNow = byUuid.get(existing.aEndRackSpace)!;
    const bNow = byUuid.get(existing.bEndRackSpace)!;
    const ends = await endsNamed(
      ctx,
      tx,
      input.aendrackspaceid ?? aNow.rackspaceid,
      input.bendrackspaceid ?? bNow.rackspaceid,
    );
    const provider = await findProviderCustomer(tx);
    const problem = crossConnectProblem(ends, {
      customerId: existing.customerId,
      providerCustomerId: provider?.customerId ?? null,
      chosen: { a: ends.a.uuid !== aNow.uuid, b: ends.b.uuid !== bNow.uuid },
    });
    if (problem) throw Invalid.field(problem.path, problem.message);
    await updateCrossConnectRow(tx, crossConnectId, {
      ...columnUpdates(input, {
        aendpanel: 'aEndPanel',
        aendport: 'aEndPort',
        bendpanel: 'bEndPanel',
        bendport: 'bEndPort',
      }),
      aEndRackSpace: ends.a.uuid,
      bEndRackSpace: ends.b.uuid,
    });
    await recordAudit(tx, ctx, {
      action: 'crossconnect.update',
      entity: 'cross_connect',
      entityId: crossConnectId,
      detail: {
        fields: Object.keys(input),
        aendrackspaceid: { from: aNow.rackspaceid, to: ends.a.rackspaceid },
        bendrackspaceid: { from: bNow.rackspaceid, to: ends.b.rackspaceid },
      },
    });
  });
  return getCrossConnectFor(ctx, crossConnectId);
}
