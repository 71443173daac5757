import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import { type NavEntry, type NavLeaf, sidebarFor } from './navigation';

type NavActor = Pick<Actor, 'type' | 'companyAdmin' | 'chameleon'>;
type LabelTree = (string | [string, string[]])[];

// The sidebar reduced to its labels: a plain link is its label, a submenu is [label, child labels].
function labels(entries: NavEntry[]): LabelTree {
  return entries.map((e) => ('children' in e ? [e.label, e.children.map((c) => c.label)] : e.label));
}

function describeLeaf(prefix: string, leaf: NavLeaf | NavEntry): string {
  if ('action' in leaf) return `${prefix}${leaf.label} (modal ${leaf.action})`;
  if ('to' in leaf) return `${prefix}${leaf.label} -> ${leaf.to}${leaf.count ? ` [${leaf.count}]` : ''}`;
  return `${prefix}${leaf.label}`;
}

// Every item as one line: 'Parent > Child -> /route [count]' or 'Parent > Child (modal action)'.
function lines(entries: NavEntry[]): string[] {
  return entries.flatMap((e) =>
    'children' in e ? e.children.map((c) => describeLeaf(`${e.label} > `, c)) : [describeLeaf('', e)],
  );
}

function routes(entries: NavEntry[]): string[] {
  return entries.flatMap((e) =>
    'children' in e ? e.children.flatMap((c) => ('to' in c ? [c.to] : [])) : 'to' in e ? [e.to] : [],
  );
}

// Spec 2.2, every route without a path parameter (Reports are all under /documentation).
const specRoutes = [
  '/',
  '/services',
  '/services/unmanaged',
  '/services/managed',
  '/services/vpls-networks',
  '/services/l3vpn',
  '/services/internet',
  '/services/thirdparty',
  '/services/deprovision',
  '/services/service-notifications',
  '/jobs',
  '/colocation/rackspaces',
  '/colocation/crossconnects',
  '/equipment',
  '/equipment/inventory',
  '/equipment/zabbix-triggers',
  '/customers',
  '/contacts',
  '/documentation/sla-reports',
  '/documentation/service-report',
  '/documentation/usage-reports',
  '/documentation/changeman-reports',
  '/documentation/invoices',
  '/documentation/logs',
  '/tickets',
  '/users',
  '/user/me',
  '/functions/state-map',
  '/sites',
  '/events',
  '/events/scheduled-events',
  '/events/past-events',
  '/login',
  '/passwordreset',
  '/error-pages/error-404',
  '/error-pages/error-500',
  '/general-pages/blank-page',
  '/customer-faq',
  '/technician-job-creator',
  '/release-notes',
];
// Beyond spec 2.2: Company Settings (spec 6), Integrations (decisions.md, External systems) and the
// Audit Log (issue 19).
const allowedRoutes = new Set([...specRoutes, '/company-settings', '/integrations', '/audit-log']);

const actors = {
  'NOC (1), companyAdmin, chameleon 1': { type: 1, companyAdmin: true, chameleon: 1 },
  'NOC (1), no companyAdmin, chameleon 0': { type: 1, companyAdmin: false, chameleon: 0 },
  'NOC (1), chameleon 2': { type: 1, companyAdmin: false, chameleon: 2 },
  'technician (2)': { type: 2, companyAdmin: false, chameleon: 0 },
  'technician (2), chameleon 2': { type: 2, companyAdmin: false, chameleon: 2 },
  'engineering (3)': { type: 3, companyAdmin: false, chameleon: 0 },
  'engineering (3), chameleon 2': { type: 3, companyAdmin: false, chameleon: 2 },
  'customer admin (4), companyAdmin': { type: 4, companyAdmin: true, chameleon: 0 },
  'customer admin (4), no companyAdmin': { type: 4, companyAdmin: false, chameleon: 0 },
  'customer user (5)': { type: 5, companyAdmin: false, chameleon: 0 },
  'customer user (5) with a stray companyAdmin flag': { type: 5, companyAdmin: true, chameleon: 0 },
} as const satisfies Record<string, NavActor>;

// Spec 2.4, written out.
const servicesBase = ['All', 'Unmanaged', 'Managed', 'VPLS', 'Internet', 'L3VPN'];
const nocServices: [string, string[]] = [
  'Services',
  [...servicesBase, 'Third-Party', 'Notifications', 'New Service', 'Deprovision Service'],
];
const otherServices: [string, string[]] = ['Services', [...servicesBase, 'Notifications']];
const colocation: [string, string[]] = ['Co-location', ['Rack Spaces', 'Cross-Connects']];
const equipment: [string, string[]] = [
  'Equipment',
  ['Equipment', 'Spare Parts Inventory', 'Update Equipment', 'Muted Zabbix Notifications'],
];
const nocEvents: [string, string[]] = [
  'Events',
  ['Scheduled Events', 'Network Outages', 'New Event', 'Past Outages'],
];
const otherEvents: [string, string[]] = ['Events', ['Scheduled Events', 'Network Outages', 'Past Outages']];
const fourReports = ['SLA Reports', 'Service Report', 'Usage Reports', 'Change Management'];
const fullSupport: [string, string[]] = ['Support', ['Tickets', 'New Ticket', 'FAQ', 'Portal Release Notes']];
const reducedSupport: [string, string[]] = ['Support', ['FAQ', 'Portal Release Notes']];

const technicianMenu: LabelTree = [
  'Job Tickets',
  ['Sites', ['PoP Sites', 'Site Check-In']],
  ['Equipment', ['Spare Parts Inventory', 'Equipment']],
  'FAQ & Knowledge Base',
];

const expectedTrees: Record<keyof typeof actors, LabelTree> = {
  'NOC (1), companyAdmin, chameleon 1': [
    'Dashboard',
    nocServices,
    colocation,
    ['Sites', ['All Sites', 'Add New Site', 'Site Access Request', 'Site Check-In']],
    equipment,
    'AWX Jobs',
    'Customers',
    'Contacts',
    'Network Map',
    nocEvents,
    ['Reports', [...fourReports, 'Invoices', 'API Logs']],
    fullSupport,
    ['Administration', ['Users', 'Company Settings', 'Integrations', 'Audit Log']],
  ],
  'NOC (1), no companyAdmin, chameleon 0': [
    'Dashboard',
    nocServices,
    colocation,
    ['Sites', ['All Sites', 'Add New Site', 'Site Access Request', 'Site Check-In']],
    equipment,
    'AWX Jobs',
    'Customers',
    'Contacts',
    'Network Map',
    nocEvents,
    ['Reports', [...fourReports, 'Invoices', 'API Logs']],
    fullSupport,
    ['Administration', ['Users', 'Integrations', 'Audit Log']],
  ],
  'NOC (1), chameleon 2': [
    'Dashboard',
    nocServices,
    colocation,
    ['Sites', ['All Sites', 'Add New Site', 'Site Access Request', 'Site Check-In']],
    equipment,
    'AWX Jobs',
    'Customers',
    'Contacts',
    'Network Map',
    nocEvents,
    ['Reports', [...fourReports, 'Invoices', 'API Logs']],
    reducedSupport,
    ['Administration', ['Users', 'Integrations', 'Audit Log']],
  ],
  'technician (2)': technicianMenu,
  'technician (2), chameleon 2': technicianMenu,
  'engineering (3)': [
    'Dashboard',
    otherServices,
    colocation,
    ['Sites', ['All Sites', 'Site Access Request', 'Site Check-In']],
    equipment,
    'AWX Jobs',
    'Contacts',
    'Network Alert Map',
    otherEvents,
    ['Reports', fourReports],
    fullSupport,
  ],
  'engineering (3), chameleon 2': [
    'Dashboard',
    otherServices,
    colocation,
    ['Sites', ['All Sites', 'Site Access Request', 'Site Check-In']],
    equipment,
    'AWX Jobs',
    'Contacts',
    'Network Alert Map',
    otherEvents,
    ['Reports', fourReports],
    reducedSupport,
  ],
  'customer admin (4), companyAdmin': [
    'Dashboard',
    otherServices,
    colocation,
    'Sites',
    'Contacts',
    'Network Alert Map',
    otherEvents,
    ['Reports', [...fourReports, 'Invoices']],
    fullSupport,
    ['Administration', ['Users', 'Company Settings']],
  ],
  'customer admin (4), no companyAdmin': [
    'Dashboard',
    otherServices,
    colocation,
    'Sites',
    'Contacts',
    'Network Alert Map',
    otherEvents,
    ['Reports', [...fourReports, 'Invoices']],
    fullSupport,
    ['Administration', ['Users']],
  ],
  'customer user (5)': [
    'Dashboard',
    otherServices,
    colocation,
    'Sites',
    'Contacts',
    'Network Alert Map',
    otherEvents,
    ['Reports', fourReports],
    fullSupport,
    ['Administration', ['Users']],
  ],
  'customer user (5) with a stray companyAdmin flag': [
    'Dashboard',
    otherServices,
    colocation,
    'Sites',
    'Contacts',
    'Network Alert Map',
    otherEvents,
    ['Reports', fourReports],
    fullSupport,
    ['Administration', ['Users']],
  ],
};

const actorNames = Object.keys(actors) as (keyof typeof actors)[];

describe('sidebarFor: spec 2.4 label trees', () => {
  it.each(actorNames)('%s', (name) => {
    expect(labels(sidebarFor(actors[name]))).toEqual(expectedTrees[name]);
  });
});

describe('sidebarFor: routes, counts and modals', () => {
  it('NOC: every item with its route, count or modal', () => {
    expect(lines(sidebarFor({ type: 1, companyAdmin: true, chameleon: 1 }))).toEqual([
      'Dashboard -> /',
      'Services > All -> /services [services.all]',
      'Services > Unmanaged -> /services/unmanaged [services.unmanaged]',
      'Services > Managed -> /services/managed [services.managed]',
      'Services > VPLS -> /services/vpls-networks [services.vpls]',
      'Services > Internet -> /services/internet [services.internet]',
      'Services > L3VPN -> /services/l3vpn [services.l3vpn]',
      'Services > Third-Party -> /services/thirdparty [services.thirdparty]',
      'Services > Notifications -> /services/service-notifications',
      'Services > New Service (modal new-service)',
      'Services > Deprovision Service -> /services/deprovision',
      'Co-location > Rack Spaces -> /colocation/rackspaces',
      'Co-location > Cross-Connects -> /colocation/crossconnects',
      'Sites > All Sites -> /sites',
      'Sites > Add New Site (modal new-site)',
      'Sites > Site Access Request (modal site-access)',
      'Sites > Site Check-In (modal site-checkin)',
      'Equipment > Equipment -> /equipment',
      'Equipment > Spare Parts Inventory -> /equipment/inventory',
      'Equipment > Update Equipment (modal update-equipment)',
      'Equipment > Muted Zabbix Notifications -> /equipment/zabbix-triggers',
      'AWX Jobs -> /jobs',
      'Customers -> /customers',
      'Contacts -> /contacts',
      'Network Map -> /functions/state-map',
      'Events > Scheduled Events -> /events/scheduled-events [events.scheduled]',
      'Events > Network Outages -> /events [events.outages]',
      'Events > New Event (modal new-event)',
      'Events > Past Outages -> /events/past-events',
      'Reports > SLA Reports -> /documentation/sla-reports',
      'Reports > Service Report -> /documentation/service-report',
      'Reports > Usage Reports -> /documentation/usage-reports',
      'Reports > Change Management -> /documentation/changeman-reports',
      'Reports > Invoices -> /documentation/invoices',
      'Reports > API Logs -> /documentation/logs',
      'Support > Tickets -> /tickets',
      'Support > New Ticket (modal new-ticket)',
      'Support > FAQ -> /customer-faq',
      'Support > Portal Release Notes -> /release-notes',
      'Administration > Users -> /users',
      'Administration > Company Settings -> /company-settings',
      'Administration > Integrations -> /integrations',
      'Administration > Audit Log -> /audit-log',
    ]);
  });

  it('technician: job tickets dashboard and reduced menu', () => {
    expect(lines(sidebarFor({ type: 2, companyAdmin: false, chameleon: 0 }))).toEqual([
      'Job Tickets -> /',
      'Sites > PoP Sites -> /sites',
      'Sites > Site Check-In (modal site-checkin)',
      'Equipment > Spare Parts Inventory -> /equipment/inventory',
      'Equipment > Equipment -> /equipment',
      'FAQ & Knowledge Base -> /customer-faq',
    ]);
  });

  it.each([4, 5] as const)('type %i: Sites and the alert map are plain links', (type) => {
    const menu = lines(sidebarFor({ type, companyAdmin: false, chameleon: 0 }));
    expect(menu).toContain('Sites -> /sites');
    expect(menu).toContain('Network Alert Map -> /functions/state-map');
    expect(menu).not.toContain('Services > Third-Party -> /services/thirdparty [services.thirdparty]');
  });

  it.each(actorNames)(
    '%s: every route is a spec 2.2 route, /company-settings, /integrations or /audit-log',
    (name) => {
      const menuRoutes = routes(sidebarFor(actors[name]));
      expect(menuRoutes.length).toBeGreaterThan(0);
      expect(menuRoutes.filter((r) => !allowedRoutes.has(r))).toEqual([]);
    },
  );

  it.each(['/integrations', '/audit-log'])('%s appears for the NOC alone', (path) => {
    for (const name of actorNames) {
      const shown = routes(sidebarFor(actors[name])).includes(path);
      expect(shown).toBe(actors[name].type === 1);
    }
  });

  it('Company Settings only ever appears for a companyAdmin', () => {
    for (const name of actorNames) {
      const actor = actors[name];
      const shown = routes(sidebarFor(actor)).includes('/company-settings');
      if (shown) expect(actor.companyAdmin).toBe(true);
    }
  });
});
