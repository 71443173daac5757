import { scopeOf } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import {
  applyMovement,
  canBeDepot,
  movementRecorded,
  type SparePart,
  type SparePartCreate,
  type SparePartMovementInput,
  type SparePartUpdate,
  serialQuantityFits,
  sparePartMessages,
  sparePartSortFields,
} from '@lightpath/domain/spare-parts';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { columnUpdates } from '../../platform/column-updates';
import { Conflict, Invalid, NotFound } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
import { findProviderCustomer } from '../customers/repository';
import { findSiteRow } from '../sites/repository';
import {
  deleteSparePartRow,
  findSerialHolder,
  findSparePart,
  insertMovementRow,
  insertSparePartRow,
  listSpareParts,
  lockSparePartRow,
  type SparePartListFilter,
  type SparePartRow,
  updateSparePartRow,
} from './repository';

export async function listSparePartsFor(ctx: ServiceContext, input: ListQuery & SparePartListFilter) {
  const sort = parseSort(input.sort, sparePartSortFields, 'partnumber');
  const page = await listSpareParts(ctx.query, { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

export async function getSparePart(ctx: ServiceContext, uuid: string): Promise<SparePart> {
  const part = await findSparePart(ctx.query, uuid);
  if (!part) throw new NotFound(sparePartMessages.notFound);
  return part;
}

// An unknown part is 404 before anything else (even a bad body), like every record in the API.
export async function requireSparePart(db: DbOrTx, uuid: string): Promise<SparePartRow> {
  const part = await lockSparePartRow(db, uuid);
  if (!part) throw new NotFound(sparePartMessages.notFound);
  return part;
}

async function requireDepot(ctx: ServiceContext, tx: DbOrTx, siteId: number) {
  const [site, provider] = await Promise.all([
    findSiteRow(tx, scopeOf(ctx.caller.actor), siteId),
    findProviderCustomer(tx),
  ]);
  if (!site || !provider || !canBeDepot(site, provider.customerId))
    throw Invalid.field('depotsiteid', sparePartMessages.depotNotProvider);
}

// The index settles a race; this check gives the usual case its own message and field.
async function requireSerialFree(tx: DbOrTx, partNumber: string, serial: string | null, self?: string) {
  if (!serial) return;
  const holder = await findSerialHolder(tx, partNumber, serial);
  if (holder && holder !== self) throw new Conflict(sparePartMessages.serialTaken);
}

export async function createSparePart(ctx: ServiceContext, input: SparePartCreate) {
  const uuid = await ctx.db.transaction(async (tx) => {
    await requireDepot(ctx, tx, input.depotsiteid);
    await requireSerialFree(tx, input.partnumber, input.serial ?? null);
    const row = await insertSparePartRow(tx, {
      partNumber: input.partnumber,
      description: input.description,
      serial: input.serial ?? null,
      depotSiteId: input.depotsiteid,
      quantity: input.quantity,
      state: input.state,
    });
    await recordAudit(tx, ctx, {
      action: 'sparepart.create',
      entity: 'spare_part',
      entityId: row.uuid,
      detail: {
        partnumber: row.partNumber,
        serial: row.serial,
        depotsiteid: row.depotSiteId,
        quantity: row.quantity,
      },
    });
    return row.uuid;
  });
  // Read once the transaction has committed, by the same statement as the list.
  return getSparePart(ctx, uuid);
}

export async function updateSparePart(ctx: ServiceContext, uuid: string, input: SparePartUpdate) {
  await ctx.db.transaction(async (tx) => {
    const existing = await requireSparePart(tx, uuid);
    const serial = input.serial !== undefined ? input.serial : existing.serial;
    const quantity = input.quantity ?? existing.quantity;
    // Either may arrive alone, so the rule is checked against what the row will hold.
    if (!serialQuantityFits(serial, quantity))
      throw Invalid.field('quantity', sparePartMessages.serialQuantity);
    if (input.depotsiteid !== undefined) await requireDepot(ctx, tx, input.depotsiteid);
    await requireSerialFree(tx, input.partnumber ?? existing.partNumber, serial, uuid);
    await updateSparePartRow(
      tx,
      uuid,
      columnUpdates(input, {
        partnumber: 'partNumber',
        description: 'description',
        serial: 'serial',
        depotsiteid: 'depotSiteId',
        quantity: 'quantity',
        state: 'state',
      }),
    );
    await recordAudit(tx, ctx, {
      action: 'sparepart.update',
      entity: 'spare_part',
      entityId: uuid,
      detail: { fields: Object.keys(input), quantity: { from: existing.quantity, to: quantity } },
    });
  });
  return getSparePart(ctx, uuid);
}

export async function deleteSparePart(ctx: ServiceContext, uuid: string) {
  await ctx.db.transaction(async (tx) => {
    const existing = await requireSparePart(tx, uuid);
    await deleteSparePartRow(tx, uuid);
    await recordAudit(tx, ctx, {
      action: 'sparepart.delete',
      entity: 'spare_part',
      entityId: uuid,
      detail: {
        partnumber: existing.partNumber,
        serial: existing.serial,
        depotsiteid: existing.depotSiteId,
        quantity: existing.quantity,
      },
    });
  });
}

// POST /inventory/ventia: the stock changes and the movement is kept, in one transaction with the
// row locked, so the quantity never goes below zero however many technicians record at once.
export async function recordSparePartMovement(ctx: ServiceContext, input: SparePartMovementInput) {
  const partNumber = await ctx.db.transaction(async (tx) => {
    const part = await requireSparePart(tx, input.uuid);
    const outcome = applyMovement(
      { quantity: part.quantity, state: part.state as SparePart['state'] },
      input,
    );
    if ('refused' in outcome) throw Invalid.field('quantity', outcome.refused);
    await updateSparePartRow(tx, input.uuid, { quantity: outcome.quantity });
    await insertMovementRow(tx, {
      partUuid: input.uuid,
      action: input.action,
      quantity: input.quantity,
      userId: ctx.caller.actor.userId,
      jobReference: input.jobreference ?? null,
      note: input.note ?? null,
    });
    await recordAudit(tx, ctx, {
      action: `sparepart.${input.action}`,
      entity: 'spare_part',
      entityId: input.uuid,
      detail: {
        quantity: input.quantity,
        stock: { from: part.quantity, to: outcome.quantity },
        jobreference: input.jobreference ?? null,
      },
    });
    return part.partNumber;
  });
  return { part: await getSparePart(ctx, input.uuid), message: movementRecorded(input, partNumber) };
}
