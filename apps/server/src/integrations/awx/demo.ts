import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { equipmentAlarms, equipmentCards, equipmentPorts, shelves } from '../../db/schema/equipment';
import { servicePatching, services, sites } from '../../db/schema/inventory';
import { hash32, unit } from '../telemetry/simulator';
import { type Endpoint, speedBitsPerSecond, type Telemetry } from '../telemetry/telemetry';
import { awxResultMarker, awxVariables } from './awx';
import type { FakeLaunch, FakePlay, FakeTask, FakeTaskResult } from './fake';

// The demo network's playbooks: what the simulated AWX's job templates do, read from the portal's own
// data so a job's output agrees with every other page (issue 15 item 5):
// - show/mactable lists, per shelf, MAC addresses on the VLANs of the VPLS services (types F and W) on
//   its ports, the VLAN being the service's patching VLAN;
// - show/interfaceoptics reads each port's light from the telemetry source, chosen as the port pages
//   choose it (modules/telemetry/service.ts portEndpoint), so the numbers are the port drawer's;
// - show/interfaces and show/interface list ports with their state, show/hardware the cards,
//   show/alarms the shelf's alarms (equipment_alarms), show/uptime, facts, license and
//   vplsconnections what the shelf row and its services say;
// - get/* print a plausible configuration or log naming the shelf's interfaces and VLANs;
// - run/* print an Ansible play with changed or ok results and a recap.
// A shelf without a management address cannot be reached (as for Update Shelf), and a name that is no
// shelf is not in the inventory: both fail the job, as AWX would.

export type AwxDemoDeps = { db: Db; telemetry: Telemetry };

type Port = { portId: string; name: string; state: string; handoff: boolean };
type VplsOnPort = { serviceid: string; port: string; vlan: number | null; vpls: string; status: number };
type Device = {
  name: string;
  vendor: string;
  model: string;
  spack: string | null;
  serial: string | null;
  ip: string | null;
  site: string;
  createdAt: Date;
  ports: Port[];
  cards: { slot: number; cardType: string; equipId: string; serial: string | null; state: string }[];
  alarms: {
    level: string;
    description: string;
    raisedAt: Date;
    acknowledged: boolean;
    portId: string | null;
  }[];
  vpls: VplsOnPort[];
};

type Rows = Record<string, unknown>[];

const vplsLetters = ['F', 'W'];

// A MAC address fixed by its key, locally administered and unicast.
export function demoMac(key: string): string {
  const h1 = hash32(key);
  const h2 = hash32(`${key}|2`);
  const bytes = [0x02, h1 & 255, (h1 >>> 8) & 255, (h1 >>> 16) & 255, h2 & 255, (h2 >>> 8) & 255];
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

// How many MAC addresses a VPLS service has learnt at a port: one to six, fixed per service.
export const macCountOf = (serviceid: string) => 1 + Math.floor(unit(serviceid, 'macs') * 6);

async function loadDevices(db: Db, names: string[]): Promise<Map<string, Device>> {
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  const devices = new Map<string, Device>();
  if (lower.length === 0) return devices;
  const shelfRows = await db
    .select({
      id: shelves.shelfId,
      name: shelves.name,
      vendor: shelves.vendor,
      model: shelves.model,
      spack: shelves.spack,
      serial: shelves.serial,
      ip: shelves.ipAddress,
      createdAt: shelves.createdAt,
      site: sites.siteName,
    })
    .from(shelves)
    .innerJoin(sites, eq(sites.siteId, shelves.siteId))
    .where(inArray(sql`lower(${shelves.name})`, lower));
  if (shelfRows.length === 0) return devices;
  const ids = shelfRows.map((s) => s.id);
  const [portRows, cardRows, alarmRows] = await Promise.all([
    db
      .select({
        shelfId: equipmentPorts.shelfId,
        portId: equipmentPorts.portId,
        name: equipmentPorts.name,
        state: equipmentPorts.state,
        handoff: equipmentPorts.handoff,
        slot: equipmentCards.slot,
      })
      .from(equipmentPorts)
      .innerJoin(equipmentCards, eq(equipmentCards.cardId, equipmentPorts.cardId))
      .where(inArray(equipmentPorts.shelfId, ids))
      .orderBy(asc(equipmentCards.slot), asc(equipmentPorts.portId)),
    db
      .select({
        shelfId: equipmentCards.shelfId,
        slot: equipmentCards.slot,
        cardType: equipmentCards.cardType,
        equipId: equipmentCards.equipId,
        serial: equipmentCards.serial,
        state: equipmentCards.state,
      })
      .from(equipmentCards)
      .where(inArray(equipmentCards.shelfId, ids))
      .orderBy(asc(equipmentCards.slot)),
    db
      .select({
        shelfId: equipmentAlarms.shelfId,
        level: equipmentAlarms.level,
        description: equipmentAlarms.description,
        raisedAt: equipmentAlarms.raisedAt,
        acknowledged: equipmentAlarms.acknowledged,
        portId: equipmentAlarms.portId,
      })
      .from(equipmentAlarms)
      .where(inArray(equipmentAlarms.shelfId, ids))
      .orderBy(asc(equipmentAlarms.raisedAt)),
  ]);
  const portIds = portRows.map((p) => p.portId);
  const bSite = alias(sites, 'b_site');
  const vplsRows =
    portIds.length === 0
      ? []
      : await db
          .select({
            serviceid: services.serviceId,
            aPort: services.aEndPortId,
            bPort: services.bEndPortId,
            status: services.status,
            vlan: servicePatching.vlan,
            vpls: bSite.vplsName,
            vplsSite: bSite.siteName,
          })
          .from(services)
          .leftJoin(servicePatching, eq(servicePatching.serviceId, services.serviceId))
          .leftJoin(bSite, eq(bSite.siteId, services.bEndSiteId))
          .where(
            and(
              inArray(services.typeLetter, vplsLetters),
              or(inArray(services.aEndPortId, portIds), inArray(services.bEndPortId, portIds)),
            ),
          )
          .orderBy(asc(services.serviceId));
  const portShelf = new Map(portRows.map((p) => [p.portId, p.shelfId]));
  for (const shelf of shelfRows) {
    devices.set(shelf.name.toLowerCase(), {
      name: shelf.name,
      vendor: shelf.vendor,
      model: shelf.model,
      spack: shelf.spack,
      serial: shelf.serial,
      ip: shelf.ip,
      site: shelf.site,
      createdAt: shelf.createdAt,
      // In slot and port order as the device lists them (xe-1/0/2 before xe-1/0/10).
      ports: portRows
        .filter((p) => p.shelfId === shelf.id)
        .sort((x, y) => x.slot - y.slot || x.name.localeCompare(y.name, 'en', { numeric: true })),
      cards: cardRows.filter((c) => c.shelfId === shelf.id),
      alarms: alarmRows.filter((a) => a.shelfId === shelf.id),
      vpls: vplsRows.flatMap((v) =>
        [v.aPort, v.bPort]
          .filter((p): p is string => p !== null && portShelf.get(p) === shelf.id)
          .map((port) => ({
            serviceid: v.serviceid,
            port,
            vlan: v.vlan,
            vpls: v.vpls ?? v.vplsSite ?? '',
            status: v.status,
          })),
      ),
    });
  }
  return devices;
}

// The port's telemetry endpoint exactly as the port pages read it: the first in-service service end
// on it (or the first end), else the bare port, dark while administratively down.
async function portEndpoint(db: Db, port: Port): Promise<Endpoint> {
  const rows = await db
    .select({
      serviceid: services.serviceId,
      status: services.status,
      speed: services.speed,
      aPort: services.aEndPortId,
    })
    .from(services)
    .where(or(eq(services.aEndPortId, port.portId), eq(services.bEndPortId, port.portId)))
    .orderBy(asc(services.serviceId))
    .limit(50);
  const ends: Endpoint[] = rows.map((s) => ({
    end: s.aPort === port.portId ? 'A' : 'B',
    port: port.portId,
    service: s.serviceid,
    speedBps: speedBitsPerSecond(s.speed),
    inService: s.status !== 0 && s.status !== 2,
  }));
  return (
    ends.find((e) => e.inService) ??
    ends[0] ?? {
      end: 'A',
      port: port.portId,
      service: null,
      speedBps: null,
      inService: port.state !== 'disabled',
    }
  );
}

const interfaceName = (device: Device, port: Port) =>
  device.vendor === 'Juniper' ? port.name.replace(/^(\w+)-(\d+)-(\d+)-(\d+)$/, '$1-$2/$3/$4') : port.name;

// The ports a launch names (by name, interface or port id), or every port of the shelf.
function portsAsked(device: Device, asked: string[] | null): Port[] {
  if (!asked || asked.length === 0) return device.ports;
  const wanted = new Set(asked.map((p) => p.toLowerCase()));
  return device.ports.filter(
    (p) =>
      wanted.has(p.name.toLowerCase()) ||
      wanted.has(p.portId.toLowerCase()) ||
      wanted.has(interfaceName(device, p).toLowerCase()),
  );
}

function uptimeOf(device: Device, now: number) {
  // Last reboot: some days ago, fixed per shelf, after it was installed.
  const days = 3 + Math.floor(unit(device.name, 'uptime') * 200);
  const since = Math.max(
    device.createdAt.getTime(),
    now - days * 86_400_000 - Math.floor(unit(device.name, 'h') * 86_400_000),
  );
  const seconds = Math.floor((now - since) / 1000);
  const d = Math.floor(seconds / 86400);
  const hh = String(Math.floor((seconds % 86400) / 3600)).padStart(2, '0');
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  return { since: new Date(since).toISOString(), uptime: `${d} days, ${hh}:${mm}` };
}

const quote = (text: string) => JSON.stringify(text);

// A debug task's message as Ansible prints it: a list of lines.
const msgLines = (lines: string[]) =>
  lines.length === 0
    ? ['"msg": []']
    : ['"msg": [', ...lines.map((l, i) => `    ${quote(l)}${i < lines.length - 1 ? ',' : ''}`), ']'];

function table(rows: Rows, columns: string[]): string[] {
  if (rows.length === 0) return ['(none)'];
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns), ...rows.map((r) => line(columns.map((c) => String(r[c] ?? ''))))];
}

type Show = (
  device: Device,
  ports: string[] | null,
  filter: string,
) => Promise<{ rows: Rows; columns: string[] }>;

export function demoPlaybook(deps: AwxDemoDeps, now: () => number = Date.now) {
  const { db, telemetry } = deps;

  const shows: Record<string, Show> = {
    mactable: async (device) => {
      const rows = device.vpls
        .filter((v) => v.status !== 0)
        .flatMap((v) =>
          Array.from({ length: macCountOf(v.serviceid) }, (_, k) => ({
            vlan: v.vlan,
            mac: demoMac(`${v.serviceid}|${k}`),
            interface: interfaceName(device, device.ports.find((p) => p.portId === v.port)!),
            serviceid: v.serviceid,
            vpls: v.vpls,
            type: 'dynamic',
          })),
        );
      return { rows, columns: ['vlan', 'mac', 'interface', 'serviceid', 'vpls'] };
    },
    interfaces: async (device, ports) => {
      const rows = portsAsked(device, ports).map((p) => ({
        interface: interfaceName(device, p),
        port: p.portId,
        admin: p.state === 'disabled' ? 'down' : 'up',
        oper: p.state === 'up' ? 'up' : 'down',
        handoff: p.handoff,
      }));
      return { rows, columns: ['interface', 'admin', 'oper', 'port'] };
    },
    interfaceoptics: async (device, ports) => {
      const rows: Rows = [];
      for (const p of portsAsked(device, ports)) {
        const light = await telemetry.lightNow(await portEndpoint(db, p));
        rows.push({
          interface: interfaceName(device, p),
          port: p.portId,
          rx: light?.rx ?? null,
          tx: light?.tx ?? null,
        });
      }
      return { rows, columns: ['interface', 'rx', 'tx', 'port'] };
    },
    uptime: async (device) => {
      const { uptime, since } = uptimeOf(device, now());
      return {
        rows: [{ uptime, since, software: device.spack ?? '' }],
        columns: ['uptime', 'since', 'software'],
      };
    },
    alarms: async (device) => ({
      rows: device.alarms.map((a) => ({
        level: a.level,
        description: a.description,
        raised: a.raisedAt.toISOString(),
        acknowledged: a.acknowledged,
        port: a.portId ?? '',
      })),
      columns: ['level', 'raised', 'description', 'port'],
    }),
    hardware: async (device) => ({
      rows: device.cards.map((c) => ({
        slot: c.slot,
        card: c.cardType,
        equipid: c.equipId,
        serial: c.serial ?? '',
        state: c.state,
      })),
      columns: ['slot', 'card', 'equipid', 'serial', 'state'],
    }),
    facts: async (device) => ({
      rows: [
        {
          hostname: device.name,
          vendor: device.vendor,
          model: device.model,
          serial: device.serial ?? '',
          software: device.spack ?? '',
          address: device.ip ?? '',
          site: device.site,
        },
      ],
      columns: ['hostname', 'vendor', 'model', 'serial', 'software', 'address', 'site'],
    }),
    license: async (device) => {
      const features =
        device.vendor === 'Juniper'
          ? ['scale-subscriber', 'l3vpn', 'vpls']
          : ['SAOS base', 'MEF CE 3.0', 'OAM'];
      const year = 2027 + Math.floor(unit(device.name, 'licence') * 3);
      return {
        rows: features.map((feature) => ({ feature, status: 'valid', expires: `${year}-06-30` })),
        columns: ['feature', 'status', 'expires'],
      };
    },
    vplsconnections: async (device) => ({
      rows: device.vpls.map((v) => ({
        vpls: v.vpls,
        serviceid: v.serviceid,
        interface: interfaceName(device, device.ports.find((p) => p.portId === v.port)!),
        vlan: v.vlan,
        state: v.status === 0 ? 'down' : 'up',
      })),
      columns: ['vpls', 'serviceid', 'interface', 'vlan', 'state'],
    }),
    // The device's log (as get/log prints it), the lines holding the filter's text.
    logsfiltered: async (device, _ports, filter) => {
      const wanted = filter.trim().toLowerCase();
      const rows = logOf(device, 48)
        .filter((line) => wanted === '' || line.toLowerCase().includes(wanted))
        .map((line) => {
          const at = line.indexOf(' ');
          return { time: line.slice(0, at), message: line.slice(at + 1) };
        });
      return { rows, columns: ['time', 'message'] };
    },
  };
  shows.interface = shows.interfaces!;

  function configOf(device: Device): string[] {
    const vlans = [...new Set(device.vpls.map((v) => v.vlan).filter((v): v is number => v !== null))];
    if (device.vendor === 'Juniper') {
      return [
        `## Last commit: ${new Date(now() - 86_400_000 * 2).toISOString()} by netops`,
        `system { host-name ${device.name}; }`,
        'interfaces {',
        ...device.ports.flatMap((p) => {
          const on = device.vpls.find((v) => v.port === p.portId);
          return [
            `    ${interfaceName(device, p)} {`,
            ...(p.state === 'disabled' ? ['        disable;'] : []),
            ...(on
              ? [
                  `        description "${on.serviceid}";`,
                  '        encapsulation vlan-vpls;',
                  `        unit 0 { vlan-id ${on.vlan}; }`,
                ]
              : []),
            '    }',
          ];
        }),
        '}',
        'routing-instances {',
        ...device.vpls.map(
          (v) =>
            `    ${v.vpls || v.serviceid} { instance-type vpls; interface ${interfaceName(device, device.ports.find((p) => p.portId === v.port)!)}.0; }`,
        ),
        '}',
        `vlans { ${vlans.map((v) => `vlan${v} { vlan-id ${v}; }`).join(' ')} }`,
      ];
    }
    return [
      `! ${device.model} ${device.spack ?? ''}`,
      `system hostname ${device.name}`,
      ...vlans.map((v) => `vlan create vlan ${v}`),
      ...device.ports.map((p) => `port ${p.state === 'disabled' ? 'disable' : 'enable'} port ${p.name}`),
      ...device.vpls.map(
        (v) => `vlan add vlan ${v.vlan} port ${device.ports.find((p) => p.portId === v.port)!.name}`,
      ),
    ];
  }

  function logOf(device: Device, lines: number): string[] {
    const t = now();
    return Array.from({ length: lines }, (_, i) => {
      const at = new Date(t - (lines - i) * 600_000).toISOString();
      const port = device.ports[Math.floor(unit(device.name, `log${i}`) * device.ports.length)];
      const alarm = device.alarms[i % Math.max(1, device.alarms.length)];
      return i % 4 === 3 && alarm
        ? `${at} ${device.name} alarmd: ${alarm.description}`
        : port
          ? `${at} ${device.name} mib2d: SNMP_TRAP_LINK_${port.state === 'up' ? 'UP' : 'DOWN'}: ifName ${interfaceName(device, port)}`
          : `${at} ${device.name} sshd: Accepted publickey for netops`;
    });
  }

  const gets: Record<string, (device: Device) => string[]> = {
    config: configOf,
    rsi: (device) => [
      `show version: ${device.model} ${device.spack ?? ''}`,
      `show chassis hardware: ${device.cards.length} cards`,
      ...device.cards.map((c) => `  slot ${c.slot} ${c.cardType} ${c.serial ?? ''} ${c.state}`),
      `show system uptime: ${uptimeOf(device, now()).uptime}`,
    ],
    log: (device) => logOf(device, 12),
    varlog: (device) =>
      ['messages', 'interactive-commands', 'chassisd', 'snmpd'].map(
        (f, i) =>
          `-rw-r----- 1 root wheel ${1024 * (i + 3) * (1 + Math.floor(unit(device.name, f) * 90))} /var/log/${f}`,
      ),
  };

  // The run operations: the tasks each does on a device, and whether they change it.
  function runTasks(
    operation: string,
    device: Device,
    ports: Port[],
  ): { name: string; status: FakeTaskResult['status']; lines?: string[] }[] {
    const names = ports.map((p) => interfaceName(device, p)).join(', ') || '(no port)';
    switch (operation) {
      case 'bounceport':
        return [
          { name: 'Disable the ports', status: 'changed', lines: msgLines([names]) },
          { name: 'Wait 5 seconds', status: 'ok' },
          { name: 'Enable the ports', status: 'changed', lines: msgLines([names]) },
          {
            name: 'Check the links are up',
            status: 'ok',
            lines: msgLines(
              ports.map(
                (p) => `${interfaceName(device, p)}: ${p.state === 'disabled' ? 'admin down' : 'up'}`,
              ),
            ),
          },
        ];
      case 'clearmactable': {
        const vlans = [
          ...new Set(
            device.vpls
              .filter((v) => ports.length === 0 || ports.some((p) => p.portId === v.port))
              .map((v) => v.vlan),
          ),
        ];
        return [
          {
            name: 'Clear the MAC table',
            status: 'changed',
            lines: msgLines([`VLANs ${vlans.join(', ') || '(none)'}`]),
          },
        ];
      }
      case 'resetipsec':
        return [{ name: 'Reset IPsec security associations', status: 'changed' }];
      case 'update/netbox':
        return [
          { name: 'Read the device inventory', status: 'ok' },
          { name: 'Write the inventory to NetBox', status: 'changed' },
        ];
      case 'config/devicecheck':
      case 'config/netboxcheck':
      case 'rollbackcompare':
        return [
          { name: 'Read the running configuration', status: 'ok' },
          {
            name:
              operation === 'rollbackcompare'
                ? 'Compare with rollback 1'
                : 'Compare with the intended configuration',
            status: 'ok',
            lines: msgLines(['no differences']),
          },
        ];
      default:
        return [
          {
            name: 'Read the chassis inventory',
            status: 'ok',
            lines: msgLines(device.cards.map((c) => `slot ${c.slot}: ${c.cardType} ${c.serial ?? ''}`)),
          },
        ];
    }
  }

  return async function play(launch: FakeLaunch): Promise<FakePlay> {
    const vars = launch.extraVars;
    const operation = String(vars[awxVariables.operation] ?? '');
    const family = launch.template.startsWith('lightpath-show')
      ? 'show'
      : launch.template.startsWith('lightpath-get')
        ? 'get'
        : 'run';
    const hosts = launch.limit
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const portMap = (vars[awxVariables.ports] ?? {}) as Record<string, unknown>;
    const portsOf = (device: Device): string[] | null => {
      const given =
        portMap[device.name] ??
        Object.entries(portMap).find(([k]) => k.toLowerCase() === device.name.toLowerCase())?.[1];
      return Array.isArray(given) ? given.map(String) : null;
    };
    const filter = typeof vars[awxVariables.filter] === 'string' ? (vars[awxVariables.filter] as string) : '';
    const devices = await loadDevices(db, hosts);
    const reachable = hosts.filter((h) => devices.get(h.toLowerCase())?.ip);
    const connect: FakeTask = {
      name: 'Connect to the device',
      results: hosts.map((host) => {
        const device = devices.get(host.toLowerCase());
        if (!device)
          return {
            host,
            status: 'unreachable',
            lines: [
              `{"changed": false, "msg": "Failed to connect to the host via ssh: ssh: Could not resolve hostname ${host}: Name or service not known", "unreachable": true}`,
            ],
          };
        if (!device.ip)
          return {
            host,
            status: 'unreachable',
            lines: [
              `{"changed": false, "msg": "No management address is recorded for ${host}", "unreachable": true}`,
            ],
          };
        return { host, status: 'ok' };
      }),
    };
    const tasks: FakeTask[] = [connect];
    const title = `${family}/${operation}`;
    if (family === 'show') {
      const show = shows[operation];
      const result: Record<string, Rows> = {};
      const read: FakeTaskResult[] = [];
      for (const host of reachable) {
        const device = devices.get(host.toLowerCase())!;
        const { rows, columns } = show
          ? await show(device, portsOf(device), filter)
          : { rows: [], columns: [] };
        result[device.name] = rows;
        read.push({ host, status: 'ok', lines: msgLines(table(rows, columns)) });
      }
      tasks.push({ name: `Read ${operation}`, results: read });
      if (reachable.length > 0) {
        const json = JSON.stringify({ operation, devices: result });
        tasks.push({
          name: 'Lightpath result',
          results: [
            { host: reachable[0]!, status: 'ok', lines: [`"msg": ${quote(`${awxResultMarker} ${json}`)}`] },
          ],
        });
      }
    } else if (family === 'get') {
      const get = gets[operation] ?? (() => []);
      tasks.push({
        name: `Get ${operation}`,
        results: reachable.map((host) => ({
          host,
          status: 'ok',
          lines: msgLines(get(devices.get(host.toLowerCase())!)),
        })),
      });
    } else {
      const perHost = reachable.map((host) => {
        const device = devices.get(host.toLowerCase())!;
        const asked = portsOf(device);
        const ports = asked?.length ? portsAsked(device, asked) : [];
        return { host, steps: runTasks(operation, device, ports) };
      });
      const steps = perHost[0]?.steps.length ?? 0;
      for (let i = 0; i < steps; i += 1) {
        tasks.push({
          name: perHost[0]!.steps[i]!.name,
          results: perHost.map(({ host, steps: s }) => ({
            host,
            status: s[i]!.status,
            ...(s[i]!.lines ? { lines: s[i]!.lines } : {}),
          })),
        });
      }
    }
    return { name: `Lightpath ${title}`, hosts, tasks };
  };
}
