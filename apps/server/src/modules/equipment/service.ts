import { scopeOf } from '@lightpath/domain/actor';
import { type ListQuery, parseSort } from '@lightpath/domain/api';
import { toCsv } from '@lightpath/domain/csv';
import {
  type AlarmsFreshness,
  alarmsFailing,
  type CardFilter,
  cardSortFields,
  checkResultOf,
  equipmentMessages,
  recommendedSoftware,
  type ShelfCheck,
  type ShelfCreate,
  type ShelfDetail,
  type ShelfFilter,
  type ShelfPort,
  type ShelfUpdate,
  type ShelfUpdateRequest,
  type SpackStats,
  shelfCheckStates,
  shelfSortFields,
  shelfUpdateTexts,
} from '@lightpath/domain/equipment';
import { siteMessages } from '@lightpath/domain/sites';
import type { DbOrTx } from '../../db/client';
import type { DiscoveredShelfFacts } from '../../integrations/devices/devices';
import { DeviceUnreachable } from '../../integrations/devices/devices';
import { recordAudit } from '../../platform/audit';
import { columnUpdates } from '../../platform/column-updates';
import { AppError, Conflict, Invalid, NotFound } from '../../platform/errors';
import { queueEmail } from '../../platform/outbox';
import { toUnixSeconds } from '../../platform/scope';
import type { ServiceContext } from '../../platform/service-context';
import { listStatuses } from '../integrations/repository';
import { findSiteRow } from '../sites/repository';
import {
  type CardRow,
  countServicesOnShelf,
  deleteShelfRow,
  findShelf,
  findShelfNamed,
  findShelfOfPort,
  insertCardRow,
  insertShelfRow,
  listCards,
  listModelReleases,
  listShelfAlarms,
  listShelfCards,
  listShelfParts,
  listShelfPorts,
  listShelves,
  listShelvesAtSite,
  lockShelfRow,
  markShelfChecked,
  nextEquipId,
  type PartRow,
  readCardRows,
  readPartRows,
  readShelfRow,
  readShelvesWithPorts,
  replacePartRows,
  type ShelfRow,
  updateCardRow,
  updateShelfRow,
} from './repository';

// Spec 8: the update did not happen (the device did not answer the second time); the dialog shows
// the spec's failure text, and the envelope reads Failure.
export class ShelfUpdateFailed extends AppError {
  constructor(shelf: string) {
    super(502, shelfUpdateTexts.failed(shelf));
  }
}

export async function listShelvesFor(ctx: ServiceContext, input: ListQuery & ShelfFilter) {
  const sort = parseSort(input.sort, shelfSortFields, 'equipmentname');
  const page = await listShelves(ctx.query, { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

export async function listCardsFor(ctx: ServiceContext, input: ListQuery & CardFilter) {
  const sort = parseSort(input.sort, cardSortFields, 'equipmentname');
  const page = await listCards(ctx.query, { ...input, sort });
  return { ...page, limit: input.limit, offset: input.offset };
}

export async function getShelf(ctx: Pick<ServiceContext, 'query'>, id: number) {
  const shelf = await findShelf(ctx.query, id);
  if (!shelf) throw new NotFound(equipmentMessages.notFound);
  return shelf;
}

export async function getShelfDetail(ctx: Pick<ServiceContext, 'query'>, id: number): Promise<ShelfDetail> {
  const shelf = await getShelf(ctx, id);
  const [cardlist, portlist, partlist, alarmlist] = await Promise.all([
    listShelfCards(ctx.query, id),
    listShelfPorts(ctx.query, id),
    listShelfParts(ctx.query, id),
    listShelfAlarms(ctx.query, id),
  ]);
  return { ...shelf, cardlist, portlist, partlist, alarmlist };
}

// A shelf by its name, ignoring case (names are unique so): for what knows shelves by name, like NetBox.
export async function getShelfDetailNamed(
  ctx: Pick<ServiceContext, 'db' | 'query'>,
  name: string,
): Promise<ShelfDetail | null> {
  const id = await findShelfNamed(ctx.db, name);
  return id === null ? null : getShelfDetail(ctx, id);
}

export async function listShelfPortsFor(ctx: ServiceContext, id: number): Promise<ShelfPort[]> {
  await getShelf(ctx, id);
  return listShelfPorts(ctx.query, id);
}

// Whether the alarms the pages show are current: the simulator always is; a real Zabbix is as its
// recorded outcomes say (Administration → Integrations' own record, docs/decisions/018).
export async function alarmsFreshness(ctx: ServiceContext): Promise<AlarmsFreshness> {
  const zabbix = ctx.config.zabbix;
  if (!zabbix) return { source: 'simulator', failing: false, lastread: null, lasttried: null };
  const status = (await listStatuses(ctx.db)).find((s) => s.system === 'zabbix' && s.address === zabbix.url);
  const lastread = toUnixSeconds(status?.lastSuccessAt ?? null);
  const lasttried = toUnixSeconds(status?.lastErrorAt ?? null);
  return { source: 'zabbix', failing: alarmsFailing(lastread, lasttried), lastread, lasttried };
}

export async function listShelfAlarmsFor(ctx: ServiceContext, id: number) {
  await getShelf(ctx, id);
  return listShelfAlarms(ctx.query, id);
}

export async function listSiteEquipment(ctx: ServiceContext, siteid: number) {
  const site = await findSiteRow(ctx.db, ctx.caller.scope, siteid);
  if (!site) throw new NotFound(siteMessages.notFound);
  const results = await listShelvesAtSite(ctx.query, siteid);
  return { count: results.length, results };
}

// The shelf a port is on, for other areas (the port's own reply); null for a port no shelf has.
export async function shelfOfPort(ctx: Pick<ServiceContext, 'query'>, portId: string) {
  return findShelfOfPort(ctx.query, portId);
}

// The shelves a device operation names, with their ports (modules/awx); unknown ids are simply absent.
export async function shelvesForOperation(ctx: Pick<ServiceContext, 'query'>, ids: number[]) {
  return readShelvesWithPorts(ctx.query, ids);
}

export async function spackStatsOf(ctx: ServiceContext, id: number): Promise<SpackStats> {
  const shelf = await getShelf(ctx, id);
  const fleet = await listModelReleases(ctx.query, shelf.model);
  const recommended = recommendedSoftware[shelf.model] ?? null;
  return {
    equipmentid: shelf.equipmentid,
    model: shelf.model,
    spack: shelf.spack,
    recommended,
    current: recommended !== null && shelf.spack === recommended,
    fleet,
  };
}

async function requireSite(ctx: ServiceContext, tx: DbOrTx, siteId: number) {
  const site = await findSiteRow(tx, scopeOf(ctx.caller.actor), siteId);
  if (!site) throw Invalid.field('siteid', equipmentMessages.siteMissing);
}

// The unique index settles a race; this check gives the usual case its field and message.
async function requireNameFree(tx: DbOrTx, name: string, self?: number) {
  if (await findShelfNamed(tx, name, self)) throw Invalid.field('equipmentname', equipmentMessages.nameTaken);
}

export async function requireShelf(db: DbOrTx, id: number): Promise<ShelfRow> {
  const shelf = await lockShelfRow(db, id);
  if (!shelf) throw new NotFound(equipmentMessages.notFound);
  return shelf;
}

export async function createShelf(ctx: ServiceContext, input: ShelfCreate) {
  const id = await ctx.db.transaction(async (tx) => {
    await requireSite(ctx, tx, input.siteid);
    await requireNameFree(tx, input.equipmentname);
    const row = await insertShelfRow(tx, {
      name: input.equipmentname,
      ipAddress: input.ipaddress ?? null,
      siteId: input.siteid,
      vendor: input.vendor,
      model: input.model,
      spack: input.spack ?? null,
      serial: input.serial ?? null,
    });
    await recordAudit(tx, ctx, {
      action: 'equipment.create',
      entity: 'shelf',
      entityId: String(row.shelfId),
      detail: { name: row.name, siteid: row.siteId, vendor: row.vendor, model: row.model },
    });
    return row.shelfId;
  });
  const shelf = await getShelf(ctx, id);
  return { shelf, message: equipmentMessages.created(shelf.equipmentname) };
}

export async function updateShelf(ctx: ServiceContext, id: number, input: ShelfUpdate) {
  await ctx.db.transaction(async (tx) => {
    const existing = await requireShelf(tx, id);
    if (input.siteid !== undefined) await requireSite(ctx, tx, input.siteid);
    if (input.equipmentname !== undefined) await requireNameFree(tx, input.equipmentname, id);
    await updateShelfRow(
      tx,
      id,
      columnUpdates(input, {
        equipmentname: 'name',
        ipaddress: 'ipAddress',
        siteid: 'siteId',
        vendor: 'vendor',
        model: 'model',
        spack: 'spack',
        serial: 'serial',
      }),
    );
    await recordAudit(tx, ctx, {
      action: 'equipment.update',
      entity: 'shelf',
      entityId: String(id),
      detail: { name: existing.name, fields: Object.keys(input) },
    });
  });
  const shelf = await getShelf(ctx, id);
  return { shelf, message: equipmentMessages.updated(shelf.equipmentname) };
}

export async function deleteShelf(ctx: ServiceContext, id: number) {
  const name = await ctx.db.transaction(async (tx) => {
    const existing = await requireShelf(tx, id);
    const carried = await countServicesOnShelf(tx, id);
    if (carried > 0) throw new Conflict(equipmentMessages.carriesServices(existing.name, carried));
    await deleteShelfRow(tx, id);
    await recordAudit(tx, ctx, {
      action: 'equipment.delete',
      entity: 'shelf',
      entityId: String(id),
      detail: {
        name: existing.name,
        siteid: existing.siteId,
        vendor: existing.vendor,
        model: existing.model,
      },
    });
    return existing.name;
  });
  return equipmentMessages.deleted(name);
}

type Difference = ShelfCheck['differences'][number];

type HeldRecord = { shelf: ShelfRow; cards: CardRow[]; parts: PartRow[] };

// What the device reports against what the portal holds, field by field, card by slot and part by name.
function differencesOf({ shelf, cards, parts }: HeldRecord, facts: DiscoveredShelfFacts) {
  const differences: Difference[] = [];
  const compare = (field: string, portal: string | null, device: string | null) => {
    if ((portal ?? null) !== (device ?? null)) differences.push({ field, portal, device });
  };
  compare('spack', shelf.spack, facts.spack);
  compare('serial', shelf.serial, facts.serial);
  const bySlot = new Map(cards.map((c) => [c.slot, c]));
  for (const card of facts.cards) {
    const held = bySlot.get(card.slot);
    bySlot.delete(card.slot);
    if (!held) {
      compare(`slot ${card.slot}`, null, `${card.cardType} ${card.serial ?? ''}`.trim());
      continue;
    }
    compare(`slot ${card.slot} card type`, held.cardType, card.cardType);
    compare(`slot ${card.slot} serial`, held.serial, card.serial);
    compare(`slot ${card.slot} state`, held.state, card.state);
  }
  // A card the device no longer reports is out of service; the portal keeps its record and ports.
  for (const held of bySlot.values()) compare(`slot ${held.slot} state`, held.state, 'outofservice');
  const byName = new Map(parts.map((p) => [p.name, p]));
  const described = (p: { partNumber: string; serial: string | null }) =>
    `${p.partNumber} ${p.serial ?? ''}`.trim();
  for (const part of facts.parts) {
    const held = byName.get(part.name);
    byName.delete(part.name);
    if (!held) {
      compare(`part ${part.name}`, null, described(part));
      continue;
    }
    compare(`part ${part.name} part number`, held.partNumber, part.partNumber);
    compare(`part ${part.name} serial`, held.serial, part.serial);
  }
  // A part the device no longer reports has been taken out: the update removes it.
  for (const held of byName.values()) compare(`part ${held.name}`, described(held), null);
  return differences;
}

async function discover(ctx: ServiceContext, { shelf, cards, parts }: HeldRecord) {
  try {
    return await ctx.devices.discover({
      name: shelf.name,
      ipAddress: shelf.ipAddress,
      vendor: shelf.vendor,
      model: shelf.model,
      spack: shelf.spack,
      serial: shelf.serial,
      cards: cards.map((c) => ({ slot: c.slot, cardType: c.cardType, serial: c.serial, state: c.state })),
      parts: parts.map((p) => ({ name: p.name, partNumber: p.partNumber, serial: p.serial })),
    });
  } catch (error) {
    if (error instanceof DeviceUnreachable) return null;
    throw error;
  }
}

function differencesMail(shelf: string, differences: Difference[]) {
  const lines = differences.map(
    (d) =>
      `- ${d.field}: the portal has ${d.portal ?? 'nothing'}, the device reports ${d.device ?? 'nothing'}`,
  );
  return `${shelfUpdateTexts.needsUpdate(shelf)}.\n\nWhat differs:\n${lines.join('\n')}\n\nRun Update Shelf in Lightpath to write what the device reports.`;
}

// Spec 2.6 and 4, POST equipment/{id}/update. `check` asks the device and compares (0 could not be
// checked, 2 checked, with the NOC mailed what differs); `update` writes what the device reports (4
// finished) or fails with the spec's text.
export async function checkOrUpdateShelf(
  ctx: ServiceContext,
  id: number,
  input: ShelfUpdateRequest,
): Promise<{ check: ShelfCheck; message: string }> {
  if (input.equipmentid !== id) throw Invalid.field('equipmentid', equipmentMessages.bodyIdMismatch);
  // Read without a lock: the device is asked outside any transaction.
  const row = await readShelfRow(ctx.db, id);
  if (!row) throw new NotFound(equipmentMessages.notFound);
  const shelf = { equipmentname: row.name };
  const held = { shelf: row, cards: await readCardRows(ctx.db, id), parts: await readPartRows(ctx.db, id) };
  const facts = await discover(ctx, held);
  if (input.action === 'update') {
    if (!facts) throw new ShelfUpdateFailed(shelf.equipmentname);
    return applyDeviceFacts(ctx, id, facts);
  }
  if (!facts) {
    const result = checkResultOf(shelf.equipmentname, 'unreachable');
    return {
      check: { equipmentid: id, state: result.state, uptodate: false, differences: [] },
      message: result.message,
    };
  }
  const differences = differencesOf(held, facts);
  const result = checkResultOf(shelf.equipmentname, differences.length > 0 ? 'differs' : 'same');
  await ctx.db.transaction(async (tx) => {
    await markShelfChecked(tx, id, new Date());
    if (differences.length > 0)
      await queueEmail(tx, ctx.log, {
        to: ctx.config.mail.nocInbox,
        subject: `${shelf.equipmentname} needs to be updated`,
        body: differencesMail(shelf.equipmentname, differences),
      });
    await recordAudit(tx, ctx, {
      action: 'equipment.check',
      entity: 'shelf',
      entityId: String(id),
      detail: { name: shelf.equipmentname, differences: differences.length },
    });
  });
  return {
    check: { equipmentid: id, state: result.state, uptodate: result.uptodate, differences },
    message: result.message,
  };
}

async function applyDeviceFacts(ctx: ServiceContext, id: number, facts: DiscoveredShelfFacts) {
  const name = await ctx.db.transaction(async (tx) => {
    const row = await requireShelf(tx, id);
    const cards = await readCardRows(tx, id);
    const differences = differencesOf({ shelf: row, cards, parts: await readPartRows(tx, id) }, facts);
    const bySlot = new Map(cards.map((c) => [c.slot, c]));
    for (const card of facts.cards) {
      const held = bySlot.get(card.slot);
      bySlot.delete(card.slot);
      const values = { cardType: card.cardType, serial: card.serial, state: card.state };
      if (held) await updateCardRow(tx, held.cardId, values);
      else
        await insertCardRow(tx, { shelfId: id, slot: card.slot, equipId: await nextEquipId(tx), ...values });
    }
    for (const gone of bySlot.values()) await updateCardRow(tx, gone.cardId, { state: 'outofservice' });
    await replacePartRows(tx, id, facts.parts);
    const now = new Date();
    await updateShelfRow(tx, id, { spack: facts.spack, serial: facts.serial, lastCheckedAt: now });
    await recordAudit(tx, ctx, {
      action: 'equipment.refresh',
      entity: 'shelf',
      entityId: String(id),
      detail: { name: row.name, changes: differences },
    });
    return row.name;
  });
  return {
    check: { equipmentid: id, state: shelfCheckStates.finished, uptodate: true, differences: [] },
    message: shelfUpdateTexts.updated(name),
  };
}

// GET equipment/{id}/inventory/{format}: the shelf, its cards, its ports and its parts as one file.
export async function shelfInventory(ctx: ServiceContext, id: number, format: 'csv' | 'json') {
  const detail = await getShelfDetail(ctx, id);
  const filename = `${detail.equipmentname}-inventory.${format}`;
  if (format === 'json') {
    const { alarmlist: _, ...inventory } = detail;
    return {
      filename,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(inventory, null, 2),
    };
  }
  const cardBySlot = new Map(detail.cardlist.map((c) => [c.slot, c]));
  type Row = {
    kind: string;
    slot: number | null;
    name: string;
    type: string;
    equipid: string;
    serial: string | null;
    state: string;
    service: string;
  };
  const rows: Row[] = [
    {
      kind: 'shelf',
      slot: null,
      name: detail.equipmentname,
      type: `${detail.vendor} ${detail.model}`,
      equipid: '',
      serial: detail.serial,
      state: detail.spack ?? '',
      service: '',
    },
    ...detail.cardlist.map((c) => ({
      kind: 'card',
      slot: c.slot,
      name: c.cardtype,
      type: c.cardtype,
      equipid: c.equipid,
      serial: c.serial,
      state: c.state,
      service: '',
    })),
    ...detail.portlist.map((p) => ({
      kind: 'port',
      slot: p.slot,
      name: p.name,
      type: p.handoff ? 'handoff' : 'uplink',
      equipid: cardBySlot.get(p.slot)?.equipid ?? '',
      serial: p.uuid,
      state: p.state,
      service: p.service?.serviceid ?? '',
    })),
    ...detail.partlist.map((p) => ({
      kind: 'part',
      slot: null,
      name: p.name,
      type: p.partnumber,
      equipid: '',
      serial: p.serial,
      state: '',
      service: '',
    })),
  ];
  const body = toCsv(rows, [
    { header: 'Kind', value: (r) => r.kind },
    { header: 'Slot', value: (r) => r.slot },
    { header: 'Name', value: (r) => r.name },
    { header: 'Type', value: (r) => r.type },
    { header: 'Equip id', value: (r) => r.equipid },
    { header: 'Serial or uuid', value: (r) => r.serial },
    { header: 'State or release', value: (r) => r.state },
    { header: 'Service', value: (r) => r.service },
  ]);
  // The byte order mark makes Excel read the file as UTF-8.
  return { filename, contentType: 'text/csv; charset=utf-8', body: `\uFEFF${body}` };
}
