import {
  diffInventory,
  discoveredShelfOf,
  type InventoryDifference,
  type NetBoxCompare,
  type NetBoxSyncRequest,
  netboxCheckMessages,
  netboxWriteFor,
} from '@lightpath/domain/netbox-inventory';
import { applyNetBoxWrite, NetBoxError, NetBoxRefused } from '../../integrations/netbox/netbox';
import { recordAudit } from '../../platform/audit';
import { AppError, Invalid } from '../../platform/errors';
import type { ServiceContext } from '../../platform/service-context';
import { getShelfDetail } from './service';

// NetBox checks (issue 14 item 4): a shelf as discovered beside NetBox's record of the device of the
// same name, and writing the differences an engineer picked back to NetBox. NetBox is the record the
// rest of the provider's tools read, so the portal only ever writes what the engineer chose.

// NetBox failed or refused: 502 with a message people can act on; the cause goes to the log.
export class NetBoxCheckFailed extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}

function failureMessage(error: NetBoxError) {
  return error instanceof NetBoxRefused
    ? netboxCheckMessages.refused(error.reasons)
    : netboxCheckMessages.unavailable;
}

async function asking<T>(ctx: ServiceContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof NetBoxError)) throw error;
    ctx.log.warn({ err: error, source: ctx.netbox.kind }, 'netbox check failed');
    throw new NetBoxCheckFailed(failureMessage(error));
  }
}

export async function compareWithNetBox(ctx: ServiceContext, id: number): Promise<NetBoxCompare> {
  const shelf = discoveredShelfOf(await getShelfDetail(ctx, id));
  const record = await asking(ctx, () => ctx.netbox.getDeviceRecord(shelf.name));
  return { shelf, record, differences: record ? diffInventory(shelf, record) : [] };
}

// Every chosen id must be in a diff made now, not the one the page showed: what changed since is
// refused whole, before anything is written, so the engineer sees the new state and chooses again.
function chosenDifferences(compare: NetBoxCompare, ids: string[]): InventoryDifference[] {
  const byId = new Map(compare.differences.map((d) => [d.id, d]));
  for (const [index, id] of ids.entries())
    if (!byId.has(id)) throw Invalid.field(`differences.${index}`, netboxCheckMessages.stale(id));
  return [...new Set(ids)].map((id) => byId.get(id)!);
}

export async function syncWithNetBox(ctx: ServiceContext, id: number, input: NetBoxSyncRequest) {
  const compare = await compareWithNetBox(ctx, id);
  const { shelf, record } = compare;
  if (!record) throw Invalid.field('differences', netboxCheckMessages.notInNetBox(shelf.name));
  const chosen = chosenDifferences(compare, input.differences);
  const writes = chosen.map((difference) => {
    const write = netboxWriteFor(difference, shelf);
    if (!write) throw Invalid.field('differences', netboxCheckMessages.stale(difference.id));
    return { difference, write };
  });

  // In the order chosen, one at a time: a create a later update relies on is there first, and a
  // failure stops the rest. What was written before a failure is in NetBox, so it is audited too.
  const written: string[] = [];
  let failure: NetBoxError | null = null;
  for (const { difference, write } of writes) {
    try {
      await applyNetBoxWrite(ctx.netbox, record.device.id, write);
      written.push(difference.id);
    } catch (error) {
      if (!(error instanceof NetBoxError)) throw error;
      ctx.log.warn({ err: error, source: ctx.netbox.kind, difference: difference.id }, 'netbox sync failed');
      failure = error;
      break;
    }
  }
  if (written.length > 0)
    await recordAudit(ctx.db, ctx, {
      action: 'equipment.netboxsync',
      entity: 'shelf',
      entityId: String(id),
      detail: { name: shelf.name, netboxDevice: record.device.id, differences: written },
    });
  if (failure)
    throw new NetBoxCheckFailed(
      netboxCheckMessages.stoppedAfter(written.length, writes.length, failureMessage(failure)),
    );
  return { compare: await compareWithNetBox(ctx, id), message: netboxCheckMessages.written(written.length) };
}
