import type { NavAction } from '@lightpath/domain/navigation';
import type { Permission } from '@lightpath/domain/permissions';
import type { Crumb } from '../../components/page-header';

type Params = Record<string, string | undefined>;

// Areas of spec 2.2 that are not built yet. One row per route keeps titles, breadcrumbs and the
// permission that will guard the real page in one place; the pages replace rows as they arrive.
export type PlaceholderRoute = {
  path: string;
  title: string | ((params: Params) => string);
  section?: Crumb;
  area: string;
  permission?: Permission;
};

export const placeholderRoutes: PlaceholderRoute[] = [
  { path: '/general-pages/blank-page', title: 'Blank Page', area: 'blank page' },
];

// Sidebar items that open a modal (spec 2.6) have no modal yet, so they lead to their area's page,
// which says the form is coming. The query string names the action for that message.
export const actionTargets: Record<NavAction, { to: string; label: string }> = {
  'new-service': { to: '/services', label: 'New Service' },
  'new-site': { to: '/sites', label: 'Add New Site' },
  'site-access': { to: '/sites', label: 'Site Access Request' },
  'site-checkin': { to: '/checkins', label: 'Site Check-In' },
  'update-equipment': { to: '/equipment', label: 'Update Equipment' },
  'new-event': { to: '/events', label: 'New Event' },
  'new-ticket': { to: '/tickets', label: 'New Ticket' },
};

export function actionHref(action: NavAction): string {
  return `${actionTargets[action].to}?action=${action}`;
}

export function isNavAction(value: string | null): value is NavAction {
  return value !== null && value in actionTargets;
}

export function placeholderTitle(route: PlaceholderRoute, params: Params): string {
  return typeof route.title === 'function' ? route.title(params).trim() : route.title;
}
