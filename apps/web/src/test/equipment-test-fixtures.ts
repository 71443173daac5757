import type { Alarm, Card, Shelf, ShelfDetail, ShelfPort } from '@lightpath/domain/equipment';
import { noAlarms } from '@lightpath/domain/equipment';

// Shared by the equipment pages' tests: shelves, cards, ports, parts and alarms on the wire. Unless told
// otherwise a shelf is the Juniper PE at the provider's Northgate PoP (site 3), with no alarms.
export function shelf(equipmentid: number, equipmentname: string, extra: Partial<Shelf> = {}): Shelf {
  return {
    equipmentid,
    equipmentname,
    ipaddress: `10.0.0.${equipmentid}`,
    siteid: 3,
    sitenumber: 'S0003',
    sitename: 'Northgate PoP',
    vendor: 'Juniper',
    model: 'MX480',
    spack: 'Junos 23.4R2',
    serial: `JN${equipmentid}AB`,
    cards: 2,
    ports: 2,
    alarms: { ...noAlarms },
    lastchecked: null,
    updated: 1_790_000_000,
    ...extra,
  };
}

export function card(slot: number, extra: Partial<Card> = {}): Card {
  return {
    cardid: 100 + slot,
    equipid: `FPC${slot}`,
    equipmentid: 2,
    equipmentname: 'S0003pe',
    slot,
    cardtype: 'MPC7E-10G',
    state: 'inservice',
    serial: `CAB${slot}`,
    ports: 1,
    ...extra,
  };
}

export function port(name: string, extra: Partial<ShelfPort> = {}): ShelfPort {
  return {
    portid: `S0003pe-${name}`,
    uuid: `0b7e3f52-9a51-4c1e-8d0e-5f2a8c6b1d9${name.length % 10}`,
    name,
    slot: 0,
    state: 'up',
    handoff: true,
    service: null,
    ...extra,
  };
}

export function alarm(alarmid: string, extra: Partial<Alarm> = {}): Alarm {
  return {
    alarmid,
    equipmentid: 2,
    level: 'major',
    description: 'Interface xe-0/0/1 down',
    raised: 1_790_000_000,
    acknowledged: false,
    triggerid: `1${alarmid}`,
    portid: null,
    ...extra,
  };
}

export function shelfDetail(extra: Partial<ShelfDetail> = {}): ShelfDetail {
  return {
    ...shelf(2, 'S0003pe', { alarms: { warning: 1, minor: 0, major: 1, critical: 1 } }),
    cardlist: [card(0), card(1, { cardtype: 'SCBE3', equipid: 'RE1', state: 'fault', ports: 0 })],
    portlist: [
      port('xe-0-0-0', {
        service: {
          serviceid: 'UNG00210003001A',
          description: 'Main Campus internet',
          status: 1,
          customername: 'University of Northgate',
          end: 'B',
        },
      }),
      port('xe-0-0-1', { state: 'down', handoff: false }),
    ],
    partlist: [
      { name: 'Fan tray 0', partnumber: 'FFANTRAY-MX480-HC-S', serial: 'JN10000003' },
      { name: 'PEM 0', partnumber: 'PWR-MX480-2520-AC-S', serial: 'JN10000001' },
      { name: 'PEM 1', partnumber: 'PWR-MX480-2520-AC-S', serial: null },
    ],
    alarmlist: [
      alarm('1', { level: 'warning', description: 'High temperature', acknowledged: true }),
      alarm('2', { level: 'critical', description: 'Power supply 1 failed' }),
      alarm('3', { level: 'major', portid: 'S0003pe-xe-0-0-1' }),
    ],
    ...extra,
  };
}
