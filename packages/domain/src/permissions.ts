import type { Actor } from './actor';
import type { UserType } from './user-types';

type Rule = {
  // Effective user types that hold the permission.
  types: readonly UserType[];
  // Of those types, the ones that also need the companyAdmin flag.
  companyAdminFor?: readonly UserType[];
  // Spec 2.4 and 6: a chameleon level 2 user never sees Tickets or New Ticket.
  hiddenForChameleon2?: boolean;
};

const all: readonly UserType[] = [1, 2, 3, 4, 5];

// The permission table of decisions.md, once. Every server route names one of these keys and the web
// client reads the same table to decide what to show.
export const permissionTable = {
  'portal.use': { types: all },
  'sites.view': { types: all },
  'sites.manage': { types: [1] },
  'services.view': { types: [1, 3, 4, 5] },
  'services.manage': { types: [1] },
  'events.view': { types: [1, 3, 4, 5] },
  'events.manage': { types: [1] },
  'events.comment': { types: [1, 3] },
  // A customer's private calendar feed: the NOC for any customer, a company admin for its own.
  'events.calendar': { types: [1, 4], companyAdminFor: [4] },
  'tickets.view': { types: [1, 3, 4, 5], hiddenForChameleon2: true },
  'tickets.create': { types: [1, 3, 4, 5], hiddenForChameleon2: true },
  // Changing a ticket's status is the provider's: customers comment, the NOC and engineering solve.
  'tickets.manage': { types: [1, 3] },
  'jobtickets.manage': { types: [1, 2] },
  'access.request': { types: [1, 3, 4] },
  'checkins.manage': { types: [1, 2, 3] },
  'equipment.view': { types: [1, 2, 3] },
  'equipment.manage': { types: [1, 3] },
  // Issue 14: removing a shelf from the record is the NOC's alone.
  'equipment.delete': { types: [1] },
  // Spec 7.7 POST inventory/ventia: the field technician (and the staff who manage the stock) records
  // a spare part taken from or returned to its depot; only the NOC and engineers edit the stock itself.
  'spareparts.record': { types: [1, 2, 3] },
  'jobs.manage': { types: [1, 3] },
  // Provider staff pick a customer in filters and read customer names on records (customers.view);
  // the Customers pages themselves are the NOC's alone, as the menu of spec 2.4 says (decisions.md).
  'customers.view': { types: [1, 2, 3] },
  'customers.pages': { types: [1] },
  'customers.manage': { types: [1] },
  'company.settings': { types: [1, 4], companyAdminFor: [1, 4] },
  'users.view': { types: [1, 4, 5] },
  'users.manage': { types: [1, 4], companyAdminFor: [4] },
  // Seeing and clearing a user's sign-in lock (docs/decisions/014) is the NOC's: a customer admin
  // clearing it would undo the throttle for whoever is guessing their colleagues' passwords.
  'users.signinlock': { types: [1] },
  'contacts.view': { types: [1, 3, 4, 5] },
  'contacts.manage': { types: [1, 4] },
  'colocation.view': { types: [1, 3, 4, 5] },
  'colocation.manage': { types: [1, 3] },
  'invoices.view': { types: [1, 4] },
  // Adding an invoice with its PDF is the NOC's: it comes from the provider's billing (decision 035).
  'invoices.manage': { types: [1] },
  'reports.view': { types: [1, 3, 4, 5] },
  'apilogs.view': { types: [1] },
  // Issue 19: who did what and when, for the NOC only, like the API logs.
  'audit.view': { types: [1] },
  'outbox.view': { types: [1] },
  // Administration → Integrations (decisions.md, External systems): which systems are real, where they
  // are and how the last calls went is the NOC's, like the API logs and the outbox.
  'integrations.view': { types: [1] },
  'faq.view': { types: all },
  'faq.manage': { types: [1] },
  'notifications.manage': { types: [1, 3, 4, 5] },
} as const satisfies Record<string, Rule>;

export type Permission = keyof typeof permissionTable;

export function can(
  actor: Pick<Actor, 'type' | 'companyAdmin' | 'chameleon'>,
  permission: Permission,
): boolean {
  const rule: Rule = permissionTable[permission];
  if (!rule.types.includes(actor.type)) return false;
  if (rule.companyAdminFor?.includes(actor.type) && !actor.companyAdmin) return false;
  if (rule.hiddenForChameleon2 && actor.chameleon === 2) return false;
  return true;
}
