import type { NetBoxCompare } from '@lightpath/domain/netbox-inventory';
import { netboxCheckMessages } from '@lightpath/domain/netbox-inventory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetBoxError, NetBoxRefused } from '../../integrations/netbox/netbox';
import { simulatedDriftFor } from '../../integrations/netbox/simulator-dcim';
import { buildTestApp, demo, problemOf, type TestApp } from '../../test/helper';

// NetBox checks against the built-in NetBox, which knows every demo shelf and is out of date for one
// in five (simulatedDriftFor): the older software version, the first card's serial, the last port and
// an old power supply still listed among the inventory items.
let t: TestApp;
let drifted: { id: number; name: string }[];
let current: { id: number; name: string };

const compareUrl = (id: number) => `/api/equipment/${id}/netbox`;
const syncUrl = (id: number) => `/api/equipment/${id}/netbox/sync`;

async function compare(id: number, as: string = demo.eng): Promise<NetBoxCompare> {
  const reply = await t.call({ method: 'GET', url: compareUrl(id), as });
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  return reply.json().payload;
}

const sync = (id: number, payload: unknown, as: string = demo.eng) =>
  t.call({ method: 'POST', url: syncUrl(id), payload: payload as object, as });

beforeAll(async () => {
  t = await buildTestApp();
  // Shelves with a card, ports and parts, so each drift shows; the demo has dozens.
  const shelves = await t.database.query<{ id: number; name: string }>(
    'test_netbox_shelves',
    `select sh.shelf_id as id, sh.name from shelves sh
      where exists (select 1 from equipment_cards c where c.shelf_id = sh.shelf_id)
        and (select count(*) from equipment_ports p where p.shelf_id = sh.shelf_id) >= 2
        and exists (select 1 from equipment_parts p where p.shelf_id = sh.shelf_id)
        and sh.spack ~ '[1-9]'
      order by sh.shelf_id`,
    [],
  );
  drifted = shelves.filter((s) => simulatedDriftFor(s.name));
  current = shelves.find((s) => !simulatedDriftFor(s.name))!;
  expect(drifted.length).toBeGreaterThanOrEqual(4);
  expect(current).toBeDefined();
});

afterAll(() => t.close());

describe('NetBox compare', () => {
  it("shows a drifted shelf's differences beside NetBox's record", async () => {
    const shelf = drifted[0]!;
    const { shelf: discovered, record, differences } = await compare(shelf.id);
    expect(discovered.name).toBe(shelf.name);
    expect(record?.device.name).toBe(shelf.name);
    const byId = Object.fromEntries(differences.map((d) => [d.id, d]));
    expect(byId[`device/${encodeURIComponent(shelf.name)}/softwareVersion`]).toMatchObject({
      discovered: discovered.softwareVersion,
      change: 'update',
    });
    expect(differences.filter((d) => d.kind === 'module' && d.field === 'serial')).toHaveLength(1);
    const lastPort = discovered.ports.at(-1)!.name;
    expect(byId[`interface/${encodeURIComponent(lastPort)}/interface`]).toMatchObject({
      change: 'create',
      netbox: null,
    });
    // Its parts are compared with NetBox's inventory items: the old power supply is NetBox's alone.
    const items = differences.filter((d) => d.kind === 'inventoryItem');
    expect(items).toEqual([
      expect.objectContaining({ change: 'delete', discovered: null, netbox: 'PSU-LEGACY-AC' }),
    ]);
    expect(discovered.parts?.map((p) => p.name).sort()).toEqual(
      record?.inventoryItems
        .map((i) => i.name)
        .filter((n) => n !== items[0]!.key)
        .sort(),
    );
    expect(differences).toHaveLength(4);
  });

  it('shows no differences for a shelf NetBox has right, to technicians too', async () => {
    const { record, differences } = await compare(current.id, demo.tech);
    expect(record?.interfaces.length).toBeGreaterThan(0);
    expect(record?.inventoryItems.length).toBeGreaterThan(0);
    expect(differences).toEqual([]);
  });

  it('says so when NetBox has no such device', async () => {
    const netbox = t.app.dependencies.netbox;
    t.app.dependencies.netbox = { ...netbox, getDeviceRecord: async () => null };
    try {
      const { record, differences } = await compare(drifted[3]!.id);
      expect(record).toBeNull();
      expect(differences).toEqual([]);
      const reply = await sync(drifted[3]!.id, { differences: ['device/x/serial'] });
      expect(reply.statusCode).toBe(400);
      expect(problemOf(reply)).toBe(netboxCheckMessages.notInNetBox(drifted[3]!.name));
    } finally {
      t.app.dependencies.netbox = netbox;
    }
  });

  it('is for provider staff only, and 404 for an unknown shelf', async () => {
    const reply = await t.call({ method: 'GET', url: compareUrl(drifted[0]!.id), as: demo.ungAdmin });
    expect(reply.statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: compareUrl(999_999), as: demo.eng })).statusCode).toBe(404);
  });
});

describe('NetBox sync', () => {
  it('writes the chosen differences only, and audits them', async () => {
    const shelf = drifted[1]!;
    const before = await compare(shelf.id);
    const chosen = before.differences[0]!;
    const audits = await t.auditCount('equipment.netboxsync');
    const reply = await sync(shelf.id, { differences: [chosen.id] });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe('1 change written to NetBox');
    const after: NetBoxCompare = reply.json().payload;
    expect(after.differences.map((d) => d.id)).toEqual(before.differences.slice(1).map((d) => d.id));
    expect((await compare(shelf.id)).differences).toEqual(after.differences);
    expect(await t.auditCount('equipment.netboxsync')).toBe(audits + 1);
  });

  it("removes NetBox's inventory item the shelf does not have, and records the shelf's parts as NetBox's", async () => {
    const shelf = drifted[3]!;
    const before = await compare(shelf.id);
    const item = before.differences.find((d) => d.kind === 'inventoryItem')!;
    expect(item).toMatchObject({ change: 'delete', field: 'inventoryItem' });
    const reply = await sync(shelf.id, { differences: [item.id] });
    expect(reply.statusCode, reply.body).toBe(200);
    const after: NetBoxCompare = reply.json().payload;
    expect(after.record?.inventoryItems.map((i) => i.name)).not.toContain(item.key);
    expect(after.differences.filter((d) => d.kind === 'inventoryItem')).toEqual([]);
    expect(after.differences).toHaveLength(before.differences.length - 1);

    // A part NetBox lacks is created with the shelf's part number and serial, and one whose serial
    // differs is set: both through the client's inventory items.
    const netbox = t.app.dependencies.netbox;
    const [first, second] = after.shelf.parts!;
    const record = after.record!;
    const firstItem = record.inventoryItems.find((i) => i.name === first!.name)!;
    const secondItem = record.inventoryItems.find((i) => i.name === second!.name)!;
    await netbox.deleteInventoryItem(firstItem.id);
    await netbox.updateInventoryItem(secondItem.id, { serial: 'WRONG-SERIAL' });
    const drifted2 = await compare(shelf.id);
    const partDiffs = drifted2.differences.filter((d) => d.kind === 'inventoryItem');
    expect(partDiffs).toEqual([
      expect.objectContaining({ key: first!.name, change: 'create', discovered: first!.partId }),
      expect.objectContaining({
        key: second!.name,
        field: 'serial',
        change: 'update',
        discovered: second!.serial,
        netbox: 'WRONG-SERIAL',
      }),
    ]);
    const written = await sync(shelf.id, { differences: partDiffs.map((d) => d.id) });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json().message).toBe('2 changes written to NetBox');
    const items = (written.json().payload as NetBoxCompare).record!.inventoryItems;
    expect(items.find((i) => i.name === first!.name)).toMatchObject({
      partId: first!.partId,
      serial: first!.serial,
    });
    expect(items.find((i) => i.name === second!.name)?.serial).toBe(second!.serial);
    expect((await compare(shelf.id)).differences.filter((d) => d.kind === 'inventoryItem')).toEqual([]);
  });

  it('writing every difference leaves none', async () => {
    const shelf = drifted[2]!;
    const { differences } = await compare(shelf.id);
    const reply = await sync(shelf.id, { differences: differences.map((d) => d.id) }, demo.noc);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().message).toBe(`${differences.length} changes written to NetBox`);
    expect(reply.json().payload.differences).toEqual([]);
    expect((await compare(shelf.id)).differences).toEqual([]);
  });

  it('refuses technicians and customers, and writes nothing', async () => {
    const shelf = drifted[0]!;
    const before = await compare(shelf.id);
    const body = { differences: before.differences.map((d) => d.id) };
    expect((await sync(shelf.id, body, demo.tech)).statusCode).toBe(403);
    expect((await sync(shelf.id, body, demo.ungAdmin)).statusCode).toBe(403);
    expect(await compare(shelf.id)).toEqual(before);
  });

  it('answers 404 for an unknown shelf before looking at the body, and 400 for a bad one', async () => {
    const audits = await t.auditCount('equipment.netboxsync');
    expect((await sync(999_999, { nonsense: true })).statusCode).toBe(404);
    const shelf = drifted[0]!;
    const before = await compare(shelf.id);
    const empty = await sync(shelf.id, { differences: [] });
    expect(empty.statusCode).toBe(400);
    expect(problemOf(empty)).toContain(netboxCheckMessages.pickRequired);
    const extra = await sync(shelf.id, { differences: [before.differences[0]!.id], also: 1 });
    expect(extra.statusCode).toBe(400);
    const tooMany = await sync(shelf.id, { differences: Array.from({ length: 501 }, (_, n) => `x/${n}`) });
    expect(tooMany.statusCode).toBe(400);
    // A stale id refuses the whole request, even the good id before it.
    const stale = await sync(shelf.id, { differences: [before.differences[0]!.id, 'module/99/serial'] });
    expect(stale.statusCode).toBe(400);
    expect(problemOf(stale)).toContain(netboxCheckMessages.stale('module/99/serial'));
    expect(await compare(shelf.id)).toEqual(before);
    expect(await t.auditCount('equipment.netboxsync')).toBe(audits);
  });

  it('answers 502 with a readable message when NetBox is down or refuses', async () => {
    const shelf = drifted[0]!;
    const before = await compare(shelf.id);
    const netbox = t.app.dependencies.netbox;
    try {
      t.app.dependencies.netbox = {
        ...netbox,
        getDeviceRecord: async () => Promise.reject(new NetBoxError('NetBox did not answer')),
      };
      const down = await t.call({ method: 'GET', url: compareUrl(shelf.id), as: demo.eng });
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toBe(netboxCheckMessages.unavailable);
      const downSync = await sync(shelf.id, { differences: [before.differences[0]!.id] });
      expect(downSync.statusCode).toBe(502);
      expect(downSync.json().message).toBe(netboxCheckMessages.unavailable);

      // The second write is refused: the first stays written (and audited), and the message says so.
      const reasons = ['serial: Ensure this field has no more than 50 characters.'];
      // The drift's writes in order: the device's software version, the card's serial, the port, the part.
      const refuse = () => Promise.reject(new NetBoxRefused('NetBox refused PATCH', reasons));
      t.app.dependencies.netbox = { ...netbox, updateModule: refuse, createInterface: refuse };
      const audits = await t.auditCount('equipment.netboxsync');
      const refused = await sync(shelf.id, { differences: before.differences.map((d) => d.id) });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toBe(
        netboxCheckMessages.stoppedAfter(1, 4, netboxCheckMessages.refused(reasons)),
      );
      expect(await t.auditCount('equipment.netboxsync')).toBe(audits + 1);
    } finally {
      t.app.dependencies.netbox = netbox;
    }
    expect((await compare(shelf.id)).differences).toEqual(before.differences.slice(1));
  });
});
