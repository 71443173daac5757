import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import { can, type Permission, permissionTable } from './permissions';

type NavActor = Pick<Actor, 'type' | 'companyAdmin' | 'chameleon'>;

// Columns of the decisions.md table 'Who sees and does what'. Type 4 is split in two because the table
// says 'edit if companyAdmin'. The NOC column is the demo NOC account (companyAdmin).
const columns = {
  '1 NOC': { type: 1, companyAdmin: true, chameleon: 0 },
  '2 tech': { type: 2, companyAdmin: false, chameleon: 0 },
  '3 eng': { type: 3, companyAdmin: false, chameleon: 0 },
  '4 cust admin (no flag)': { type: 4, companyAdmin: false, chameleon: 0 },
  '4 cust admin (companyAdmin)': { type: 4, companyAdmin: true, chameleon: 0 },
  '5 cust user': { type: 5, companyAdmin: false, chameleon: 0 },
} as const satisfies Record<string, NavActor>;
type Column = keyof typeof columns;

const Y = true;
const N = false;

// Typed out from decisions.md ('Who sees and does what') and spec 6, one line per permission:
//                               1 NOC, 2 tech, 3 eng, 4 no flag, 4 companyAdmin, 5 user
const expected: Record<Permission, readonly [boolean, boolean, boolean, boolean, boolean, boolean]> = {
  // Everyone signed in may use the portal.
  'portal.use': [Y, Y, Y, Y, Y, Y],
  // 'view sites, services, events, contacts in scope': tech sees sites only.
  'sites.view': [Y, Y, Y, Y, Y, Y],
  'services.view': [Y, N, Y, Y, Y, Y],
  'events.view': [Y, N, Y, Y, Y, Y],
  'contacts.view': [Y, N, Y, Y, Y, Y],
  // 'create/update/delete sites, new service, deprovision, third-party services': NOC only.
  'sites.manage': [Y, N, N, N, N, N],
  'services.manage': [Y, N, N, N, N, N],
  // 'new/update event, event comments': NOC yes, eng comment.
  'events.manage': [Y, N, N, N, N, N],
  'events.comment': [Y, N, Y, N, N, N],
  // Calendar feeds (issue 4, docs/decisions/012): the NOC, and a customer's company admin for its own.
  'events.calendar': [Y, N, N, N, Y, N],
  // 'tickets: view, create, comment': tech has job tickets instead.
  'tickets.view': [Y, N, Y, Y, Y, Y],
  'tickets.create': [Y, N, Y, Y, Y, Y],
  // Status changes are the provider's: the NOC and engineering work the queue (issue 5).
  'tickets.manage': [Y, N, Y, N, N, N],
  'jobtickets.manage': [Y, Y, N, N, N, N],
  // 'site access requests': NOC, eng, customer admin (own sites).
  'access.request': [Y, N, Y, Y, Y, N],
  // 'check-in / check-out': provider staff.
  'checkins.manage': [Y, Y, Y, N, N, N],
  // 'equipment, spare parts, muted triggers, AWX jobs, device tools': tech views equipment only.
  'equipment.view': [Y, Y, Y, N, N, N],
  'equipment.manage': [Y, N, Y, N, N, N],
  'equipment.delete': [Y, N, N, N, N, N],
  'spareparts.record': [Y, Y, Y, N, N, N],
  'jobs.manage': [Y, N, Y, N, N, N],
  // Provider staff work across all customers; 'customers admin' is the NOC's.
  'customers.view': [Y, Y, Y, N, N, N],
  // Decisions.md: the Customers pages are the NOC's alone; other staff reach a customer through its records.
  'customers.pages': [Y, N, N, N, N, N],
  'customers.manage': [Y, N, N, N, N, N],
  // Spec 6: 'Company Settings needs the companyAdmin flag'.
  'company.settings': [Y, N, N, N, Y, N],
  // 'users': NOC all; customer admin own company (edit if companyAdmin); customer user views own company.
  'users.view': [Y, N, N, Y, Y, Y],
  'users.manage': [Y, N, N, N, Y, N],
  // Sign-in throttling (decisions.md): 'The NOC can see and clear a lock on the user's page.'
  'users.signinlock': [Y, N, N, N, N, N],
  // 'contacts create/update/delete, assign to sites': NOC, customer admin (own).
  'contacts.manage': [Y, N, N, Y, Y, N],
  // 'rack spaces, cross-connects': NOC and eng manage, customers view their own.
  'colocation.view': [Y, N, Y, Y, Y, Y],
  'colocation.manage': [Y, N, Y, N, N, N],
  // 'invoices': NOC all, customer admin own.
  'invoices.view': [Y, N, N, Y, Y, N],
  'invoices.manage': [Y, N, N, N, N, N],
  // 'reports': NOC and eng all, customers own.
  'reports.view': [Y, N, Y, Y, Y, Y],
  // 'API logs': NOC only.
  'apilogs.view': [Y, N, N, N, N, N],
  'audit.view': [Y, N, N, N, N, N],
  // The outbox of the simulated e-mail/SMS systems is an NOC administration page.
  'outbox.view': [Y, N, N, N, N, N],
  // decisions.md, External systems: 'An Administration page shows which systems are real' (the NOC's).
  'integrations.view': [Y, N, N, N, N, N],
  // FAQ is in every menu; 'FAQ create/update/delete' is the NOC's.
  'faq.view': [Y, Y, Y, Y, Y, Y],
  'faq.manage': [Y, N, N, N, N, N],
  // 'service notifications subscriptions': NOC, eng, customers (own).
  'notifications.manage': [Y, N, Y, Y, Y, Y],
};

const columnNames = Object.keys(columns) as Column[];
const rows: [Permission, Column, boolean][] = (Object.keys(expected) as Permission[]).flatMap((permission) =>
  columnNames.map((column, i): [Permission, Column, boolean] => [
    permission,
    column,
    expected[permission][i]!,
  ]),
);

describe('can: the decisions.md capability table', () => {
  it('covers exactly the permissions of the table', () => {
    expect(Object.keys(permissionTable).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(rows)('%s for type %s is %s', (permission, column, allowed) => {
    expect(can(columns[column], permission)).toBe(allowed);
  });
});

describe('can: companyAdmin rules', () => {
  it.each([
    ['users.manage', 4, false, false],
    ['users.manage', 4, true, true],
    ['company.settings', 4, false, false],
    ['company.settings', 4, true, true],
    // The NOC manages every user whether or not it holds the flag.
    ['users.manage', 1, false, true],
    ['users.manage', 1, true, true],
    // The flag grants nothing to types outside the rule.
    ['users.manage', 2, true, false],
    ['users.manage', 3, true, false],
    ['users.manage', 5, true, false],
    ['company.settings', 2, true, false],
    ['company.settings', 3, true, false],
    ['company.settings', 5, true, false],
    ['company.settings', 5, false, false],
  ] as const)('%s for type %i with companyAdmin=%s is %s', (permission, type, companyAdmin, allowed) => {
    expect(can({ type, companyAdmin, chameleon: 0 }, permission)).toBe(allowed);
  });

  it('a customer user (5) with the flag still only views users', () => {
    const actor = { type: 5, companyAdmin: true, chameleon: 0 } as const;
    expect(can(actor, 'users.view')).toBe(true);
    expect(can(actor, 'users.manage')).toBe(false);
    expect(can(actor, 'contacts.manage')).toBe(false);
    expect(can(actor, 'invoices.view')).toBe(false);
  });
});

describe('can: chameleon 2 hides Tickets and New Ticket', () => {
  it.each([
    [1, 'tickets.view'],
    [1, 'tickets.create'],
    [3, 'tickets.view'],
    [3, 'tickets.create'],
    [4, 'tickets.view'],
    [4, 'tickets.create'],
    [5, 'tickets.view'],
    [5, 'tickets.create'],
  ] as const)('type %i with chameleon 2 cannot %s', (type, permission) => {
    expect(can({ type, companyAdmin: false, chameleon: 2 }, permission)).toBe(false);
    expect(can({ type, companyAdmin: false, chameleon: 0 }, permission)).toBe(true);
  });

  it.each([1, 3] as const)('chameleon 1 keeps tickets for type %i', (type) => {
    expect(can({ type, companyAdmin: false, chameleon: 1 }, 'tickets.view')).toBe(true);
    expect(can({ type, companyAdmin: false, chameleon: 1 }, 'tickets.create')).toBe(true);
  });

  it('chameleon 2 changes nothing but the two ticket permissions for the NOC', () => {
    const changed = (Object.keys(expected) as Permission[]).filter(
      (p) =>
        can({ type: 1, companyAdmin: true, chameleon: 2 }, p) !==
        can({ type: 1, companyAdmin: true, chameleon: 0 }, p),
    );
    expect(changed.sort()).toEqual(['tickets.create', 'tickets.view']);
  });
});
