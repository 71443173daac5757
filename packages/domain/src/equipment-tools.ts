import { type CsvColumn, toCsv } from './csv';

// Staff tool downloads (spec 7.7 `tools/generate/...`, issue 14 item 7): files the NOC and the field
// engineers load into their desktop tools. The builders here are pure (rows in, text out) so the
// browser and the server agree on the names and the tests need no database; the server reads the
// rows and supplies what needs Node (the mRemoteNG `Protected` token). Formats and what is assumed:
// docs/decisions/027-staff-tool-downloads.md.

export const toolDownloadKinds = ['mremotexml', 'sitemanagerprofile', 'powersuiteprofile'] as const;
export type ToolDownloadKind = (typeof toolDownloadKinds)[number];

export const toolDownloads: Record<
  ToolDownloadKind,
  { label: string; description: string; filename: string; contentType: string }
> = {
  mremotexml: {
    label: 'mRemoteNG connections',
    description: 'Every shelf with an address, by site, for File > Import > Import from File',
    filename: 'lightpath-mremoteng.xml',
    contentType: 'application/xml; charset=utf-8',
  },
  sitemanagerprofile: {
    label: 'Site Manager node list',
    description: 'The Ciena 6500 shelves with their addresses, for a Site Manager login profile',
    filename: 'lightpath-site-manager-6500.csv',
    contentType: 'text/csv; charset=utf-8',
  },
  powersuiteprofile: {
    label: 'PowerSuite site list',
    description: 'The DC power controller at each PoP and exchange',
    filename: 'lightpath-powersuite-sites.csv',
    contentType: 'text/csv; charset=utf-8',
  },
};

// The API path below /api (spec 7.7), shared by the server's routes and the browser's requests.
export function toolDownloadPath(kind: ToolDownloadKind): string {
  return `tools/generate/${kind}`;
}

export const toolDownloadFailed = 'The file could not be made; try again';

// A shelf as the downloads need it (the shelves table joined to its site).
export type ToolShelf = {
  equipmentid: number;
  equipmentname: string;
  ipaddress: string | null;
  siteid: number;
  sitenumber: string;
  sitename: string;
  vendor: string;
  model: string;
  spack: string | null;
};

// A provider site that has a DC power plant: the PoPs (site type 1) and the exchanges (type 5).
export type PowerSite = { siteid: number; sitenumber: string; sitename: string; sitetype: 1 | 5 };

// XML 1.0 text and attribute values: the five markup characters become entities, and characters
// XML 1.0 cannot carry at all (controls other than tab, newline, carriage return) are dropped, since
// no entity can stand for them and one would make the whole file unreadable.
export function xmlEscape(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

// mRemoteNG's default master password ("mR3m"): a file whose `Protected` attribute decrypts under it to
// the sentinel below opens and imports without asking for a password (docs/decisions/027).
export const mremoteDefaultPassword = 'mR3m';
export const mremoteNotProtectedSentinel = 'ThisIsNotProtected';
export const mremoteKdfIterations = 1000;

// Ids are stable across downloads (a site's container and a shelf's connection keep theirs), so two
// files can be compared; the 4 and 8 keep them well-formed version-4 GUIDs.
function stableGuid(kind: 'site' | 'shelf', id: number): string {
  const tail = id.toString(16).padStart(12, '0');
  return `${kind === 'site' ? '5175e000' : '5e1f0000'}-0000-4000-8000-${tail}`;
}

function attributes(values: Record<string, string | number | boolean>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}="${xmlEscape(String(value))}"`)
    .join(' ');
}

export function shelfDescription(shelf: Pick<ToolShelf, 'vendor' | 'model' | 'spack'>): string {
  return [shelf.vendor, shelf.model, shelf.spack].filter((part) => part).join(' ');
}

// A site's container: "S0001 Northgate PoP".
export function siteContainerName(shelf: Pick<ToolShelf, 'sitenumber' | 'sitename'>): string {
  return `${shelf.sitenumber} ${shelf.sitename}`;
}

// Shelves without an address cannot be connected to; they are left out and counted.
export function withAddresses<T extends { ipaddress: string | null }>(
  shelves: readonly T[],
): { usable: (T & { ipaddress: string })[]; leftOut: number } {
  const usable = shelves.filter((s): s is T & { ipaddress: string } => Boolean(s.ipaddress?.trim()));
  return { usable, leftOut: shelves.length - usable.length };
}

// An mRemoteNG confCons file (ConfVersion 2.6): a container per site, in site number order, holding
// an SSH2 connection per shelf on port 22. `protectedToken` is the encrypted not-protected sentinel,
// made on the server (it needs AES-GCM and PBKDF2).
export function buildMremoteXml(
  shelves: readonly ToolShelf[],
  options: { protectedToken: string; generatedAt: string },
): string {
  const { usable, leftOut } = withAddresses(shelves);
  const bySite = new Map<number, (typeof usable)[number][]>();
  const ordered = [...usable].sort(
    (a, b) =>
      a.sitenumber.localeCompare(b.sitenumber) ||
      a.sitename.localeCompare(b.sitename) ||
      a.equipmentname.localeCompare(b.equipmentname),
  );
  for (const shelf of ordered) {
    bySite.set(shelf.siteid, [...(bySite.get(shelf.siteid) ?? []), shelf]);
  }

  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<!-- Lightpath shelves for mRemoteNG, generated ${xmlEscape(options.generatedAt)}: ${usable.length} shelves at ${bySite.size} sites; ${leftOut} without an IP address left out. -->`,
    `<mrng:Connections xmlns:mrng="http://mremoteng.org" ${attributes({
      Name: 'Connections',
      Export: false,
      EncryptionEngine: 'AES',
      BlockCipherMode: 'GCM',
      KdfIterations: mremoteKdfIterations,
      FullFileEncryption: false,
      Protected: options.protectedToken,
      ConfVersion: '2.6',
    })}>`,
  ];
  for (const [siteid, siteShelves] of bySite) {
    lines.push(
      `  <Node ${attributes({
        Name: siteContainerName(siteShelves[0]!),
        Type: 'Container',
        Expanded: false,
        Descr: '',
        Icon: 'mRemoteNG',
        Panel: 'General',
        Id: stableGuid('site', siteid),
        Username: '',
        Domain: '',
        Password: '',
        Hostname: '',
        Protocol: 'SSH2',
        Port: 22,
      })}>`,
    );
    for (const shelf of siteShelves)
      lines.push(
        `    <Node ${attributes({
          Name: shelf.equipmentname,
          Type: 'Connection',
          Descr: shelfDescription(shelf),
          Icon: 'mRemoteNG',
          Panel: 'General',
          Id: stableGuid('shelf', shelf.equipmentid),
          Username: '',
          Domain: '',
          Password: '',
          Hostname: shelf.ipaddress,
          Protocol: 'SSH2',
          Port: 22,
        })} />`,
      );
    lines.push('  </Node>');
  }
  lines.push('</mrng:Connections>', '');
  return lines.join('\r\n');
}

// Ciena 6500 shelves are the optical shelves (`S0001ol`); Site Manager manages no other model here.
export function isSiteManagerShelf(shelf: Pick<ToolShelf, 'vendor' | 'model'>): boolean {
  return shelf.vendor === 'Ciena' && shelf.model.startsWith('6500');
}

const siteManagerColumns: CsvColumn<ToolShelf & { ipaddress: string }>[] = [
  { header: 'Node Name', value: (s) => s.equipmentname },
  { header: 'IP Address', value: (s) => s.ipaddress },
  { header: 'Site Number', value: (s) => s.sitenumber },
  { header: 'Site Name', value: (s) => s.sitename },
  { header: 'Model', value: (s) => s.model },
  { header: 'Release', value: (s) => s.spack },
];

// Site Manager's own login profiles are not a published format, so this is a plain node list
// (CSV, one 6500 shelf a row) an engineer adds to a login profile from; docs/decisions/027.
export function buildSiteManagerProfile(shelves: readonly ToolShelf[]): string {
  const { usable } = withAddresses(shelves.filter(isSiteManagerShelf));
  const ordered = [...usable].sort((a, b) => a.equipmentname.localeCompare(b.equipmentname));
  return toCsv(ordered, siteManagerColumns);
}

// The DC power controller's management address, derived from the site number so it is the same in
// every download and never one of the shelves' loopbacks (100.64.0.0/10 numbered upwards from
// 100.64.0.0): 100.127.x.y with x.y the site number's digits as a 16-bit number (S0001 ->
// 100.127.0.1, S0950 -> 100.127.3.182). docs/decisions/027 says why not "the PE router plus one".
export function powerControllerAddress(siteNumber: string): string {
  const digits = Number.parseInt(siteNumber.replace(/^\D+/, ''), 10);
  if (!Number.isInteger(digits) || digits < 0 || digits > 0xffff)
    throw new RangeError(`site number ${siteNumber} has no controller address`);
  return `100.127.${digits >> 8}.${digits & 255}`;
}

export function powerControllerName(siteNumber: string): string {
  return `${siteNumber}dc`;
}

const powerSiteKinds: Record<PowerSite['sitetype'], string> = { 1: 'PoP', 5: 'Exchange' };

const powerSuiteColumns: CsvColumn<PowerSite>[] = [
  { header: 'Site Name', value: (s) => `${s.sitenumber} ${s.sitename}` },
  { header: 'Controller', value: (s) => powerControllerName(s.sitenumber) },
  { header: 'IP Address', value: (s) => powerControllerAddress(s.sitenumber) },
  { header: 'Site Kind', value: (s) => powerSiteKinds[s.sitetype] },
];

// PowerSuite keeps its site list in its own program files, which Eltek does not publish, so this is
// a plain site list (CSV, a controller a row) to enter or paste from; docs/decisions/027.
export function buildPowerSuiteSites(sites: readonly PowerSite[]): string {
  const ordered = [...sites].sort((a, b) => a.sitenumber.localeCompare(b.sitenumber));
  return toCsv(ordered, powerSuiteColumns);
}
