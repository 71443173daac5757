import { z } from 'zod';
import { idSchema, listQuerySchema, recordIdSchema, text } from './api';
import { type CsvColumn, csvDateTime, csvTimeHeader } from './csv';
import { type AlarmLevel, alarmLevelLabels, alarmLevels } from './zabbix-triggers';

// Equipment (spec 2.2, 3, 4, 7.7; issue 14): the provider's shelves (chassis) with their cards by slot
// and their ports, and the alarms Zabbix raises on them. Only provider staff see equipment, so these
// records carry no customer and no scope: the permission alone guards them (decisions.md roles).

export const equipmentMessages = {
  loadFailed: 'An error occurred retrieving Equipment',
  notFound: 'Shelf not found',
  created: (shelf: string) => `${shelf} added`,
  updated: (shelf: string) => `${shelf} saved`,
  deleted: (shelf: string) => `${shelf} deleted`,
  createFailed: 'An error occurred while adding this shelf',
  saveFailed: 'An error occurred while saving this shelf',
  deleteFailed: 'An error occurred while deleting this shelf',
  nameRequired: 'Shelf name is required',
  nameInvalid: 'Shelf name may hold letters, digits, dots and dashes, at most 40',
  nameTaken: 'A shelf with this name already exists',
  ipInvalid: 'IP address must be an IPv4 or IPv6 address',
  siteRequired: 'Site is required',
  siteMissing: 'Site does not exist',
  vendorInvalid: 'Vendor must be Ciena, Cisco, Juniper or Nokia',
  modelRequired: 'Model is required',
  modelTooLong: 'Model must be at most 60 characters',
  spackTooLong: 'Software version must be at most 40 characters',
  serialTooLong: 'Serial number must be at most 60 characters',
  carriesServices: (shelf: string, count: number) =>
    `${shelf} carries ${count === 1 ? '1 service' : `${count} services`}; move ${count === 1 ? 'it' : 'them'} to another shelf first`,
  bodyIdMismatch: 'equipmentid must be the shelf named in the address',
  actionInvalid: 'Action must be check or update',
  formatInvalid: 'Format must be csv or json',
  portNotFound: 'Port not found',
} as const;

// Spec 4: the Update Shelf dialog's check states.
export const shelfCheckStates = {
  notChecked: 0,
  checking: 1,
  checked: 2,
  updating: 3,
  finished: 4,
} as const;
export type ShelfCheckState = (typeof shelfCheckStates)[keyof typeof shelfCheckStates];

// Spec 8: the dialog's five texts and the result messages, with the spec's own spelling.
export const shelfUpdateTexts = {
  couldNotCheck: (shelf: string) => `${shelf} could not be checked`,
  needsUpdate: (shelf: string) => `${shelf} needs to be updated, see the email sent to the NOC inbox`,
  upToDate: (shelf: string) => `${shelf} is up-to-date`,
  updated: (shelf: string) => `${shelf} updated successfully!`,
  failed: (shelf: string) => `${shelf} did not update successfuly`,
} as const;

// What Update Shelf writes into the portal from the device's report (the service's applyDeviceFacts),
// named once for the dialog and the API reference: nothing else of the record changes.
export const shelfUpdateWrites =
  'software release, serial number, cards and parts (power supplies, fans, optics)';

// The check's outcome as the dialog shows it: which state it ends in and the text to read.
export type ShelfCheckOutcome = 'unreachable' | 'differs' | 'same';
export function checkResultOf(shelf: string, outcome: ShelfCheckOutcome) {
  if (outcome === 'unreachable')
    return {
      state: shelfCheckStates.notChecked,
      uptodate: false,
      message: shelfUpdateTexts.couldNotCheck(shelf),
    };
  if (outcome === 'differs')
    return { state: shelfCheckStates.checked, uptodate: false, message: shelfUpdateTexts.needsUpdate(shelf) };
  return { state: shelfCheckStates.checked, uptodate: true, message: shelfUpdateTexts.upToDate(shelf) };
}

export const equipmentVendors = ['Ciena', 'Cisco', 'Juniper', 'Nokia'] as const;
export type EquipmentVendor = (typeof equipmentVendors)[number];

// The release the provider runs on each model it owns; a shelf on another release shows it on its
// page (spack statistics) so the engineers see what still needs an upgrade.
export const recommendedSoftware: Record<string, string> = {
  MX960: 'Junos 23.4R2',
  MX480: 'Junos 23.4R2',
  ACX710: 'Junos Evolved 23.4R2',
  '3930': 'SAOS 10.10.1',
  '5170': 'SAOS 10.10.1',
  '6500 S-14': 'Ciena 6500 R16.1',
};

// The field-replaceable units of each model that are not cards in slots, NetBox's inventory items:
// power supplies, fan trays and the optics in a CPE's two fixed uplinks. What a model carries in a slot
// is a card and not repeated here (the CPEs' PSU-AC cards in slots 1 and 2, the 6500's fan in slot 10).
// The seed gives each shelf these, and the simulated device reports them; a model not listed has none.
export type ModelPart = { name: string; partnumber: string };
const pems = (partnumber: string) => [
  { name: 'PEM 0', partnumber },
  { name: 'PEM 1', partnumber },
];
const uplinkOptics = (partnumber: string) => [
  { name: 'Optic xe-0-1-0', partnumber },
  { name: 'Optic xe-0-1-1', partnumber },
];
export const modelParts: Record<string, ModelPart[]> = {
  MX960: [
    ...pems('PWR-MX960-4100-AC-S'),
    { name: 'Fan tray 0', partnumber: 'FFANTRAY-MX960-HC-S' },
    { name: 'Fan tray 1', partnumber: 'FFANTRAY-MX960-HC-S' },
  ],
  MX480: [...pems('PWR-MX480-2520-AC-S'), { name: 'Fan tray 0', partnumber: 'FFANTRAY-MX480-HC-S' }],
  ACX710: [{ name: 'Fan tray 0', partnumber: 'JNP-FAN-ACX710' }, ...uplinkOptics('SFPP-10GE-LR')],
  '3930': [{ name: 'Fan module', partnumber: '170-3930-900' }, ...uplinkOptics('XCVR-S10V31')],
  '5170': [{ name: 'Fan module', partnumber: '170-5170-900' }, ...uplinkOptics('XCVR-S10V31')],
  '6500 S-14': [
    { name: 'Power input A', partnumber: 'NTK505CA' },
    { name: 'Power input B', partnumber: 'NTK505CA' },
  ],
};
export function partsOfModel(model: string): ModelPart[] {
  return modelParts[model] ?? [];
}

export const cardStates = {
  inservice: 'In service',
  outofservice: 'Out of service',
  fault: 'Fault',
} as const;
export type CardState = keyof typeof cardStates;
export const cardStateIds = Object.keys(cardStates) as [CardState, ...CardState[]];

export const portStates = { up: 'Up', down: 'Down', disabled: 'Admin down' } as const;
export type PortState = keyof typeof portStates;
export const portStateIds = Object.keys(portStates) as [PortState, ...PortState[]];

// Alarm counts in the spec's order, worst last, so a list sorted by alarms puts critical first.
export type AlarmCounts = Record<AlarmLevel, number>;
export const noAlarms: AlarmCounts = { warning: 0, minor: 0, major: 0, critical: 0 };

// The worst level a shelf has an alarm at, for its badge; null when it has none.
export function worstAlarmLevel(counts: AlarmCounts): AlarmLevel | null {
  for (const level of [...alarmLevels].reverse()) if (counts[level] > 0) return level;
  return null;
}

// A port id names the device and the interface (`S0002pe-xe-0-0-5`), so one id is one port in the
// whole network and the services' A and B ends can name it.
export function portIdOf(shelfName: string, interfaceName: string): string {
  return `${shelfName}-${interfaceName}`;
}

const orNull = (value: string) => (value === '' ? null : value);

// Device names reach Zabbix, NetBox and file names; they stay plain.
const shelfName = z
  .string({ error: equipmentMessages.nameRequired })
  .trim()
  .min(1, equipmentMessages.nameRequired)
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,39}$/, equipmentMessages.nameInvalid);

const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
export function isIpAddress(value: string): boolean {
  return ipv4.test(value) || z.ipv6().safeParse(value).success;
}

const shelfFields = {
  equipmentname: shelfName,
  ipaddress: z
    .string({ error: equipmentMessages.ipInvalid })
    .trim()
    .refine((v) => v === '' || isIpAddress(v), equipmentMessages.ipInvalid)
    .transform(orNull)
    .nullable()
    .optional(),
  siteid: recordIdSchema(equipmentMessages.siteRequired),
  vendor: z.enum(equipmentVendors, { error: equipmentMessages.vendorInvalid }),
  model: z
    .string({ error: equipmentMessages.modelRequired })
    .trim()
    .min(1, equipmentMessages.modelRequired)
    .max(60, equipmentMessages.modelTooLong)
    .pipe(text(60)),
  spack: z
    .string({ error: equipmentMessages.spackTooLong })
    .trim()
    .max(40, equipmentMessages.spackTooLong)
    .pipe(text(40))
    .transform(orNull)
    .nullable()
    .optional(),
  serial: z
    .string({ error: equipmentMessages.serialTooLong })
    .trim()
    .max(60, equipmentMessages.serialTooLong)
    .pipe(text(60))
    .transform(orNull)
    .nullable()
    .optional(),
};

export const shelfCreateSchema = z.strictObject(shelfFields);
export type ShelfCreate = z.infer<typeof shelfCreateSchema>;
export const shelfUpdateSchema = z.strictObject({
  equipmentname: shelfFields.equipmentname.optional(),
  ipaddress: shelfFields.ipaddress,
  siteid: shelfFields.siteid.optional(),
  vendor: shelfFields.vendor.optional(),
  model: shelfFields.model.optional(),
  spack: shelfFields.spack,
  serial: shelfFields.serial,
});
export type ShelfUpdate = z.infer<typeof shelfUpdateSchema>;

// Spec 7.7 POST equipment/{id}/update carries equipmentid in the body; `check` compares the shelf
// with the device and mails the NOC what differs, `update` writes what the device reports.
export const shelfUpdateRequestSchema = z.strictObject({
  equipmentid: recordIdSchema(equipmentMessages.bodyIdMismatch),
  action: z.enum(['check', 'update'], { error: equipmentMessages.actionInvalid }).default('check'),
});
export type ShelfUpdateRequest = z.infer<typeof shelfUpdateRequestSchema>;

export const shelfSortFields = [
  'equipmentname',
  'ipaddress',
  'sitename',
  'vendor',
  'model',
  'spack',
  'alarms',
] as const;
export const cardSortFields = ['equipmentname', 'slot', 'cardtype', 'equipid', 'state'] as const;

// The API contract (docs/decisions/023-one-api-contract.md).
export const shelfParamsSchema = z.object({ id: idSchema });
export const shelfEquipmentParamsSchema = z.object({ equipmentid: idSchema });
export const shelfInventoryParamsSchema = z.object({
  equipmentid: idSchema,
  format: z.enum(['csv', 'json'], { error: equipmentMessages.formatInvalid }),
});
export const siteEquipmentParamsSchema = z.object({ siteid: idSchema });

export const shelfListQuerySchema = listQuerySchema.extend({
  siteid: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  customerid: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  vendor: z.enum(equipmentVendors, { error: equipmentMessages.vendorInvalid }).optional(),
  alarmlevel: z.enum(alarmLevels).optional(),
});
export type ShelfFilter = Pick<
  z.infer<typeof shelfListQuerySchema>,
  'siteid' | 'customerid' | 'vendor' | 'alarmlevel'
>;

export const cardListQuerySchema = listQuerySchema.extend({
  equipmentid: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  state: z.enum(cardStateIds).optional(),
});
export type CardFilter = Pick<z.infer<typeof cardListQuerySchema>, 'equipmentid' | 'state'>;

const alarmCountsSchema = z.object({
  warning: z.number(),
  minor: z.number(),
  major: z.number(),
  critical: z.number(),
});

export const shelfSchema = z.object({
  equipmentid: z.number(),
  equipmentname: z.string(),
  ipaddress: z.string().nullable(),
  siteid: z.number(),
  sitenumber: z.string(),
  sitename: z.string(),
  vendor: z.enum(equipmentVendors),
  model: z.string(),
  spack: z.string().nullable(),
  serial: z.string().nullable(),
  cards: z.number(),
  ports: z.number(),
  alarms: alarmCountsSchema,
  lastchecked: z.number().nullable(),
  updated: z.number(),
});
export type Shelf = z.output<typeof shelfSchema>;

// GET /api/export/equipment: the shelves list's filters and sort, without its paging.
export const shelfExportQuerySchema = shelfListQuerySchema.omit({ limit: true, offset: true });

// The equipment list as a CSV file: each shelf with its alarms per level, worst first.
export function shelfCsvColumns(zone: string): readonly CsvColumn<Shelf>[] {
  return [
    { header: 'Name', value: (s) => s.equipmentname },
    { header: 'IP address', value: (s) => s.ipaddress },
    { header: 'Site number', value: (s) => s.sitenumber },
    { header: 'Site', value: (s) => s.sitename },
    { header: 'Vendor', value: (s) => s.vendor },
    { header: 'Model', value: (s) => s.model },
    { header: 'Software', value: (s) => s.spack },
    { header: 'Serial', value: (s) => s.serial },
    { header: 'Cards', value: (s) => s.cards },
    { header: 'Ports', value: (s) => s.ports },
    ...[...alarmLevels].reverse().map(
      (level): CsvColumn<Shelf> => ({
        header: `${alarmLevelLabels[level]} alarms`,
        value: (s) => s.alarms[level],
      }),
    ),
    { header: csvTimeHeader('Last checked', zone), value: (s) => csvDateTime(s.lastchecked, zone) },
  ];
}

export const cardSchema = z.object({
  cardid: z.number(),
  equipid: z.string(),
  equipmentid: z.number(),
  equipmentname: z.string(),
  slot: z.number(),
  cardtype: z.string(),
  state: z.enum(cardStateIds),
  serial: z.string().nullable(),
  ports: z.number(),
});
export type Card = z.output<typeof cardSchema>;

export const portServiceSchema = z.object({
  serviceid: z.string(),
  description: z.string(),
  status: z.number(),
  customername: z.string(),
  end: z.enum(['A', 'B']),
});

export const shelfPortSchema = z.object({
  portid: z.string(),
  uuid: z.string(),
  name: z.string(),
  slot: z.number(),
  state: z.enum(portStateIds),
  handoff: z.boolean(),
  service: portServiceSchema.nullable(),
});
export type ShelfPort = z.output<typeof shelfPortSchema>;

export const alarmSchema = z.object({
  alarmid: z.string(),
  equipmentid: z.number(),
  level: z.enum(alarmLevels),
  description: z.string(),
  raised: z.number(),
  acknowledged: z.boolean(),
  triggerid: z.string(),
  portid: z.string().nullable(),
});
export type Alarm = z.output<typeof alarmSchema>;

// Where the alarms come from and whether they are current (issue 19). The alarms are Zabbix's problems
// as the sync last read them; when Zabbix stops answering they stay as they were, so a page says so,
// rather than showing old alarms, or none, as if they were now.
export const alarmsFreshnessSchema = z.object({
  source: z.enum(['zabbix', 'simulator']),
  // True while the latest outcome recorded for Zabbix is an error.
  failing: z.boolean(),
  // When Zabbix last answered (any call, recorded at most every 30 s); null when it never has.
  lastread: z.number().nullable(),
  // When a call to Zabbix last failed; null when none has.
  lasttried: z.number().nullable(),
});
export type AlarmsFreshness = z.output<typeof alarmsFreshnessSchema>;

export function alarmsFailing(lastSuccess: number | null, lastError: number | null): boolean {
  return lastError !== null && (lastSuccess === null || lastError > lastSuccess);
}

// `lastTried` and `lastRead` are times as the reader reads them, with their zone.
export function alarmsStaleMessage(lastTried: string, lastRead: string | null): string {
  return lastRead === null
    ? `Zabbix is not answering (last tried ${lastTried}), so no alarms could be read. Shelves may have alarms that are not shown.`
    : `Zabbix is not answering (last tried ${lastTried}). The alarms shown are the ones it reported by ${lastRead}; newer ones are not shown.`;
}

// A part (modelParts): empty on a shelf whose parts were never recorded (added by hand, not yet
// updated from the device), since every model the network runs has at least one.
export const shelfPartSchema = z.object({
  name: z.string(),
  partnumber: z.string(),
  serial: z.string().nullable(),
});
export type ShelfPart = z.output<typeof shelfPartSchema>;

export const shelfDetailSchema = shelfSchema.extend({
  cardlist: z.array(cardSchema),
  portlist: z.array(shelfPortSchema),
  partlist: z.array(shelfPartSchema),
  alarmlist: z.array(alarmSchema),
});
export type ShelfDetail = z.output<typeof shelfDetailSchema>;

export const shelfCheckSchema = z.object({
  equipmentid: z.number(),
  state: z.number(),
  uptodate: z.boolean(),
  differences: z.array(
    z.object({ field: z.string(), portal: z.string().nullable(), device: z.string().nullable() }),
  ),
});
export type ShelfCheck = z.output<typeof shelfCheckSchema>;

export const spackStatsSchema = z.object({
  equipmentid: z.number(),
  model: z.string(),
  spack: z.string().nullable(),
  recommended: z.string().nullable(),
  current: z.boolean(),
  // Every release the same model runs across the network, most shelves first.
  fleet: z.array(z.object({ spack: z.string().nullable(), shelves: z.number() })),
});
export type SpackStats = z.output<typeof spackStatsSchema>;

export const shelfListSchema = z.object({ count: z.number(), results: z.array(shelfSchema) });
