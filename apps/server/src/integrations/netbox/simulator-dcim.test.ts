import { type DiscoveredShelf, diffInventory, netboxWriteFor } from '@lightpath/domain/netbox-inventory';
import { describe, expect, it, vi } from 'vitest';
import { applyNetBoxWrite, NetBoxRefused } from './netbox';
import { netboxVersionOfShelf, simulatedDeviceInventory, simulatedDriftFor } from './simulator-dcim';

// The built-in NetBox's device inventory: seeded from discovered shelves, some of them drifted, and
// behaving as NetBox does when the sync writes to it.

function shelfNamed(name: string): DiscoveredShelf {
  return {
    name,
    site: 'Northgate PoP',
    vendor: 'Ciena',
    model: '6500-S14',
    serial: `SN-${name}`,
    softwareVersion: '12.4.1',
    ipAddress: '192.0.2.10',
    cards: [
      { slot: '2', cardType: 'WLAi MOTR', serial: `${name}-c2`, state: 'in service' },
      { slot: '1', cardType: 'SP-2', serial: `${name}-c1`, state: 'in service' },
    ],
    ports: [
      { name: '2-1', enabled: true, description: 'UNG0012004701B' },
      { name: '2-2', enabled: false, description: '' },
    ],
    parts: [{ name: 'PSU 1', partId: 'NTK505MA', serial: `${name}-psu1` }],
  };
}

const names = Array.from({ length: 100 }, (_, i) => `mrn-pop${i}-ols01`);
const drifted = names.find(simulatedDriftFor)!;
const faithful = names.find((n) => !simulatedDriftFor(n))!;

describe('the simulated NetBox device inventory', () => {
  it('drifts one shelf in five, always the same ones', () => {
    const count = names.filter(simulatedDriftFor).length;
    expect(count).toBeGreaterThan(10);
    expect(count).toBeLessThan(30);
    expect(names.filter(simulatedDriftFor)).toEqual(names.filter(simulatedDriftFor));
    expect(netboxVersionOfShelf(shelfNamed(drifted))).toEqual(netboxVersionOfShelf(shelfNamed(drifted)));
  });

  it("loads its devices on first use and gives back NetBox's record of each", async () => {
    const loadDevices = vi.fn(async () =>
      [faithful, drifted].map((n) => netboxVersionOfShelf(shelfNamed(n))),
    );
    const netbox = simulatedDeviceInventory({ loadDevices });
    expect(loadDevices).not.toHaveBeenCalled();
    const record = await netbox.getDeviceRecord(faithful);
    await netbox.getDeviceRecord(drifted);
    expect(loadDevices).toHaveBeenCalledTimes(1);
    expect(record?.device).toMatchObject({
      name: faithful,
      site: 'Northgate PoP',
      manufacturer: 'Ciena',
      model: '6500-S14',
      primaryIp: '192.0.2.10',
      softwareVersion: '12.4.1',
    });
    expect(diffInventory(shelfNamed(faithful), record!)).toEqual([]);
    expect(await netbox.getDeviceRecord('not-there')).toBeNull();
  });

  it('shows the four drifts on a drifted shelf, and the sync of all of them leaves no difference', async () => {
    const netbox = simulatedDeviceInventory();
    const shelf = shelfNamed(drifted);
    expect(netbox.addDeviceRecord(netboxVersionOfShelf(shelf))).toBe(true);
    expect(netbox.addDeviceRecord(netboxVersionOfShelf(shelf))).toBe(false);
    const record = (await netbox.getDeviceRecord(drifted))!;
    const differences = diffInventory(shelf, record);
    expect(differences.map((d) => [d.kind, d.key, d.field, d.change])).toEqual([
      ['device', drifted, 'softwareVersion', 'update'],
      ['module', '1', 'serial', 'update'],
      ['interface', '2-2', 'interface', 'create'],
      ['inventoryItem', 'PSU 10', 'inventoryItem', 'delete'],
    ]);
    expect(differences[0]).toMatchObject({ discovered: '12.4.1', netbox: '12.4.0' });
    for (const difference of differences)
      await applyNetBoxWrite(netbox, record.device.id, netboxWriteFor(difference, shelf)!);
    expect(diffInventory(shelf, (await netbox.getDeviceRecord(drifted))!)).toEqual([]);
  });

  it('asks for a device it does not have each time one is looked up, and keeps what it was given', async () => {
    const loadDevice = vi.fn(async (name: string) =>
      name === 'nowhere' ? null : netboxVersionOfShelf(shelfNamed(name === 'misnamed' ? faithful : name)),
    );
    const netbox = simulatedDeviceInventory({ loadDevice });
    const record = await netbox.getDeviceRecord(drifted);
    expect(record?.device.name).toBe(drifted);
    expect(await netbox.getDeviceRecord(drifted)).toEqual(record);
    expect(loadDevice).toHaveBeenCalledTimes(1);
    expect(await netbox.getDeviceRecord('nowhere')).toBeNull();
    expect(await netbox.getDeviceRecord('nowhere')).toBeNull();
    expect(loadDevice).toHaveBeenCalledTimes(3);
    // A loader answering with another device's record does not make it this one.
    expect(await netbox.getDeviceRecord('misnamed')).toBeNull();
    // ...nor was it kept: the device is asked for when it is looked up itself.
    expect((await netbox.getDeviceRecord(faithful))?.device.name).toBe(faithful);
    expect(loadDevice).toHaveBeenLastCalledWith(faithful);
    expect(loadDevice).toHaveBeenCalledTimes(5);
  });

  it('refuses what NetBox refuses, and tries a failed load again', async () => {
    let calls = 0;
    const netbox = simulatedDeviceInventory({
      loadDevices: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database not ready');
        return [netboxVersionOfShelf(shelfNamed(faithful))];
      },
    });
    await expect(netbox.getDeviceRecord(faithful)).rejects.toThrow('database not ready');
    const record = (await netbox.getDeviceRecord(faithful))!;
    const duplicate = netbox.createInterface(record.device.id, {
      name: '2-1',
      type: 'other',
      enabled: true,
      description: '',
    });
    await expect(duplicate).rejects.toBeInstanceOf(NetBoxRefused);
    await expect(duplicate).rejects.toMatchObject({
      reasons: ['The fields device, name must make a unique set.'],
    });
    // The primary IP must be one of the device's addresses, as in NetBox.
    await expect(netbox.updateDevice(record.device.id, { primaryIp: '203.0.113.1' })).rejects.toBeInstanceOf(
      NetBoxRefused,
    );
  });
});
