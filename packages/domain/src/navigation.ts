import { z } from 'zod';
import type { Actor } from './actor';
import { can, type Permission } from './permissions';

// Sidebar counts are filled in by the areas that own them (GET /api/navigation/counts).
export type CountKey =
  | 'services.all'
  | 'services.unmanaged'
  | 'services.managed'
  | 'services.vpls'
  | 'services.internet'
  | 'services.l3vpn'
  | 'services.thirdparty'
  | 'events.scheduled'
  | 'events.outages';

// Actions open a modal rather than a page (spec 2.6).
export type NavAction =
  | 'new-service'
  | 'new-site'
  | 'site-access'
  | 'site-checkin'
  | 'update-equipment'
  | 'new-event'
  | 'new-ticket';

export type NavLeaf = { label: string; to: string; count?: CountKey } | { label: string; action: NavAction };
export type NavEntry = { label: string; icon: NavIcon } & (
  | { to: string; count?: CountKey }
  | { children: NavLeaf[] }
);
export type NavIcon =
  | 'dashboard'
  | 'services'
  | 'colocation'
  | 'sites'
  | 'equipment'
  | 'jobs'
  | 'customers'
  | 'contacts'
  | 'map'
  | 'events'
  | 'reports'
  | 'support'
  | 'admin'
  | 'faq'
  | 'jobtickets';

type NavActor = Pick<Actor, 'type' | 'companyAdmin' | 'chameleon'>;

function only<T>(condition: boolean, ...items: T[]): T[] {
  return condition ? items : [];
}

// The sidebar of spec 2.4, exactly, for one (effective) user.
export function sidebarFor(actor: NavActor): NavEntry[] {
  const { type } = actor;
  if (type === 2) {
    return [
      { label: 'Job Tickets', icon: 'jobtickets', to: '/' },
      {
        label: 'Sites',
        icon: 'sites',
        children: [
          { label: 'PoP Sites', to: '/sites' },
          { label: 'Site Check-In', action: 'site-checkin' },
        ],
      },
      {
        label: 'Equipment',
        icon: 'equipment',
        children: [
          { label: 'Spare Parts Inventory', to: '/equipment/inventory' },
          { label: 'Equipment', to: '/equipment' },
        ],
      },
      { label: 'FAQ & Knowledge Base', icon: 'faq', to: '/customer-faq' },
    ];
  }

  const noc = type === 1;
  const nocOrEngineering = type === 1 || type === 3;
  const permitted = (permission: Permission) => can(actor, permission);

  const sites: NavEntry = nocOrEngineering
    ? {
        label: 'Sites',
        icon: 'sites',
        children: [
          { label: 'All Sites', to: '/sites' },
          ...only<NavLeaf>(noc, { label: 'Add New Site', action: 'new-site' }),
          // Decisions.md: engineering checks in and requests site access too (spec 6), so its
          // submenu offers both; the permissions say who.
          ...only<NavLeaf>(permitted('access.request'), {
            label: 'Site Access Request',
            action: 'site-access',
          }),
          ...only<NavLeaf>(permitted('checkins.manage'), { label: 'Site Check-In', action: 'site-checkin' }),
        ],
      }
    : { label: 'Sites', icon: 'sites', to: '/sites' };

  const reports: NavLeaf[] = [
    { label: 'SLA Reports', to: '/documentation/sla-reports', permission: 'reports.view' as Permission },
    {
      label: 'Service Report',
      to: '/documentation/service-report',
      permission: 'reports.view' as Permission,
    },
    { label: 'Usage Reports', to: '/documentation/usage-reports', permission: 'reports.view' as Permission },
    {
      label: 'Change Management',
      to: '/documentation/changeman-reports',
      permission: 'reports.view' as Permission,
    },
    { label: 'Invoices', to: '/documentation/invoices', permission: 'invoices.view' as Permission },
    { label: 'API Logs', to: '/documentation/logs', permission: 'apilogs.view' as Permission },
  ]
    .filter((r) => permitted(r.permission))
    .map(({ label, to }) => ({ label, to }));

  const administration: NavLeaf[] = [
    ...only<NavLeaf>(permitted('users.view'), { label: 'Users', to: '/users' }),
    ...only<NavLeaf>(actor.companyAdmin && permitted('company.settings'), {
      label: 'Company Settings',
      to: '/company-settings',
    }),
    // decisions.md, External systems: which systems are real and which simulated.
    ...only<NavLeaf>(permitted('integrations.view'), { label: 'Integrations', to: '/integrations' }),
    // Issue 19: who did what and when.
    ...only<NavLeaf>(permitted('audit.view'), { label: 'Audit Log', to: '/audit-log' }),
  ];

  return [
    { label: 'Dashboard', icon: 'dashboard', to: '/' },
    {
      label: 'Services',
      icon: 'services',
      children: [
        { label: 'All', to: '/services', count: 'services.all' },
        { label: 'Unmanaged', to: '/services/unmanaged', count: 'services.unmanaged' },
        { label: 'Managed', to: '/services/managed', count: 'services.managed' },
        { label: 'VPLS', to: '/services/vpls-networks', count: 'services.vpls' },
        { label: 'Internet', to: '/services/internet', count: 'services.internet' },
        { label: 'L3VPN', to: '/services/l3vpn', count: 'services.l3vpn' },
        ...only<NavLeaf>(noc, {
          label: 'Third-Party',
          to: '/services/thirdparty',
          count: 'services.thirdparty',
        }),
        { label: 'Notifications', to: '/services/service-notifications' },
        ...only<NavLeaf>(
          noc,
          { label: 'New Service', action: 'new-service' },
          { label: 'Deprovision Service', to: '/services/deprovision' },
        ),
      ],
    },
    {
      label: 'Co-location',
      icon: 'colocation',
      children: [
        { label: 'Rack Spaces', to: '/colocation/rackspaces' },
        { label: 'Cross-Connects', to: '/colocation/crossconnects' },
      ],
    },
    sites,
    ...only<NavEntry>(nocOrEngineering, {
      label: 'Equipment',
      icon: 'equipment',
      children: [
        { label: 'Equipment', to: '/equipment' },
        { label: 'Spare Parts Inventory', to: '/equipment/inventory' },
        { label: 'Update Equipment', action: 'update-equipment' },
        { label: 'Muted Zabbix Notifications', to: '/equipment/zabbix-triggers' },
      ],
    }),
    ...only<NavEntry>(nocOrEngineering, { label: 'AWX Jobs', icon: 'jobs', to: '/jobs' }),
    ...only<NavEntry>(noc, { label: 'Customers', icon: 'customers', to: '/customers' }),
    { label: 'Contacts', icon: 'contacts', to: '/contacts' },
    { label: noc ? 'Network Map' : 'Network Alert Map', icon: 'map', to: '/functions/state-map' },
    {
      label: 'Events',
      icon: 'events',
      children: [
        { label: 'Scheduled Events', to: '/events/scheduled-events', count: 'events.scheduled' },
        { label: 'Network Outages', to: '/events', count: 'events.outages' },
        ...only<NavLeaf>(noc, { label: 'New Event', action: 'new-event' }),
        { label: 'Past Outages', to: '/events/past-events' },
      ],
    },
    ...only<NavEntry>(reports.length > 0, { label: 'Reports', icon: 'reports', children: reports }),
    {
      label: 'Support',
      icon: 'support',
      children: [
        ...only<NavLeaf>(
          permitted('tickets.view'),
          { label: 'Tickets', to: '/tickets' },
          { label: 'New Ticket', action: 'new-ticket' },
        ),
        { label: 'FAQ', to: '/customer-faq' },
        { label: 'Portal Release Notes', to: '/release-notes' },
      ],
    },
    ...only<NavEntry>(administration.length > 0, {
      label: 'Administration',
      icon: 'admin',
      children: administration,
    }),
  ];
}

// GET /api/navigation/counts: one count per area that provides one.
export const navigationCountsSchema = z.object({ counts: z.record(z.string(), z.number()) });
