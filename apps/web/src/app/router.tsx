import { type ComponentType, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { placeholderRoutes } from '../features/placeholders/placeholder-routes';
import { lazyChunk } from '../lib/load-chunk';
import { RouteErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { RequireSession } from './require-session';
import { NotFoundPage } from './routes/errors/not-found-page';
import { ServerErrorPage } from './routes/errors/server-error-page';

// Route-level code splitting: each page is its own chunk, fetched on first visit (retried, then the app
// reloaded once, when the fetch fails: lib/load-chunk.ts). The shell, the guard and the error pages stay
// in the entry chunk so they can show while (or when) a chunk fails to load.
function page(load: () => Promise<ComponentType>) {
  const Page = lazyChunk(load);
  return <Page />;
}

const PlaceholderPage = lazyChunk(() =>
  import('./routes/placeholders/placeholder-page').then((m) => m.PlaceholderPage),
);

function PublicRoot() {
  return (
    <Suspense fallback={null}>
      <ScrollRestoration />
      <Outlet />
    </Suspense>
  );
}

const signedInRoutes: RouteObject[] = [
  {
    index: true,
    element: page(() => import('./routes/dashboard/dashboard-page').then((m) => m.DashboardPage)),
  },
  {
    path: 'users',
    element: page(() => import('./routes/users/users-page').then((m) => m.UsersPage)),
  },
  {
    path: 'user/me',
    element: page(() => import('./routes/users/my-profile-page').then((m) => m.MyProfilePage)),
  },
  {
    path: 'user/:userid',
    element: page(() => import('./routes/users/user-page').then((m) => m.UserPage)),
  },
  {
    path: 'customers',
    element: page(() => import('./routes/customers/customers-page').then((m) => m.CustomersPage)),
  },
  {
    path: 'customers/:customerid',
    element: page(() => import('./routes/customers/customer-page').then((m) => m.CustomerPage)),
  },
  {
    path: 'company-settings',
    element: page(() =>
      import('./routes/customers/company-settings-page').then((m) => m.CompanySettingsPage),
    ),
  },
  {
    path: 'integrations',
    element: page(() => import('./routes/integrations/integrations-page').then((m) => m.IntegrationsPage)),
  },
  {
    path: 'sites',
    element: page(() => import('./routes/sites/sites-page').then((m) => m.SitesPage)),
  },
  {
    path: 'site/:siteid',
    element: page(() => import('./routes/sites/site-page').then((m) => m.SitePage)),
  },
  {
    path: 'functions/search-result/:searchParameter',
    element: page(() => import('./routes/search/search-results-page').then((m) => m.SearchResultsPage)),
  },
  {
    path: 'functions/state-map',
    element: page(() => import('./routes/network-map/network-map-page').then((m) => m.NetworkMapPage)),
  },
  // Services: /services and each group list share one page, which reads the group from the path.
  ...[
    'services',
    'services/unmanaged',
    'services/managed',
    'services/vpls-networks',
    'services/l3vpn',
    'services/internet',
  ].map((path) => ({
    path,
    element: page(() => import('./routes/services/services-page').then((m) => m.ServicesPage)),
  })),
  {
    path: 'services/thirdparty',
    element: page(() => import('./routes/services/third-party-page').then((m) => m.ThirdPartyPage)),
  },
  {
    path: 'services/deprovision',
    element: page(() => import('./routes/services/deprovision-page').then((m) => m.DeprovisionPage)),
  },
  {
    path: 'services/service-notifications',
    element: page(() =>
      import('./routes/subscriptions/service-notifications-page').then((m) => m.ServiceNotificationsPage),
    ),
  },
  {
    path: 'service/:serviceid',
    element: page(() => import('./routes/services/service-page').then((m) => m.ServicePage)),
  },
  {
    path: 'vpls/:vplsid',
    element: page(() => import('./routes/services/network-site-page').then((m) => m.VplsPage)),
  },
  {
    path: 'l3vpn/:vpnid',
    element: page(() => import('./routes/services/network-site-page').then((m) => m.L3vpnPage)),
  },
  // Events: /events (Network Outages) and /events/scheduled-events share one list page.
  {
    path: 'events',
    element: page(() => import('./routes/events/events-page').then((m) => m.NetworkOutagesPage)),
  },
  {
    path: 'events/scheduled-events',
    element: page(() => import('./routes/events/events-page').then((m) => m.ScheduledEventsPage)),
  },
  {
    path: 'events/past-events',
    element: page(() => import('./routes/events/past-events-page').then((m) => m.PastEventsPage)),
  },
  {
    path: 'event/:eventid',
    element: page(() => import('./routes/events/event-page').then((m) => m.EventPage)),
  },
  {
    path: 'equipment',
    element: page(() => import('./routes/equipment/equipment-page').then((m) => m.EquipmentPage)),
  },
  {
    path: 'equipment/shelf/:shelfid',
    element: page(() => import('./routes/equipment/shelf-page').then((m) => m.ShelfPage)),
  },
  {
    path: 'equipment/port/:portid',
    element: page(() => import('./routes/equipment/port-page').then((m) => m.PortPage)),
  },
  {
    path: 'equipment/zabbix-triggers',
    element: page(() => import('./routes/equipment/zabbix-triggers-page').then((m) => m.ZabbixTriggersPage)),
  },
  {
    path: 'equipment/compare-netbox-config/:shelfName',
    element: page(() => import('./routes/equipment/compare-netbox-page').then((m) => m.CompareNetBoxPage)),
  },
  {
    path: 'equipment/sync-physical-inventory/:shelfName',
    element: page(() => import('./routes/equipment/sync-inventory-page').then((m) => m.SyncInventoryPage)),
  },
  {
    path: 'equipment/inventory',
    element: page(() => import('./routes/equipment/spare-parts-page').then((m) => m.SparePartsPage)),
  },
  {
    path: 'colocation/rackspaces',
    element: page(() => import('./routes/colocation/rack-spaces-page').then((m) => m.RackSpacesPage)),
  },
  {
    path: 'colocation/crossconnects',
    element: page(() => import('./routes/colocation/cross-connects-page').then((m) => m.CrossConnectsPage)),
  },
  {
    path: 'documentation/logs',
    element: page(() => import('./routes/api-logs/api-logs-page').then((m) => m.ApiLogsPage)),
  },
  {
    path: 'audit-log',
    element: page(() => import('./routes/audit-log/audit-log-page').then((m) => m.AuditLogPage)),
  },
  {
    path: 'documentation/sla-reports',
    element: page(() => import('./routes/sla-reports/sla-reports-page').then((m) => m.SlaReportsPage)),
  },
  {
    path: 'documentation/changeman-reports',
    element: page(() =>
      import('./routes/change-reports/change-reports-page').then((m) => m.ChangeReportsPage),
    ),
  },
  {
    path: 'documentation/usage-reports',
    element: page(() => import('./routes/usage-reports/usage-reports-page').then((m) => m.UsageReportsPage)),
  },
  {
    path: 'documentation/service-report',
    element: page(() =>
      import('./routes/service-reports/service-report-page').then((m) => m.ServiceReportPage),
    ),
  },
  {
    path: 'documentation/invoices',
    element: page(() => import('./routes/invoices/invoices-page').then((m) => m.InvoicesPage)),
  },
  {
    path: 'jobs',
    element: page(() => import('./routes/jobs/jobs-page').then((m) => m.JobsPage)),
  },
  {
    path: 'jobs/:jobid',
    element: page(() => import('./routes/jobs/job-page').then((m) => m.JobPage)),
  },
  {
    path: 'contacts',
    element: page(() => import('./routes/contacts/contacts-page').then((m) => m.ContactsPage)),
  },
  {
    path: 'contact/:contactid',
    element: page(() => import('./routes/contacts/contact-page').then((m) => m.ContactPage)),
  },
  {
    path: 'customer-faq',
    element: page(() => import('./routes/faq/faq-page').then((m) => m.FaqPage)),
  },
  {
    path: 'customer-faq/:faqarticleid',
    element: page(() => import('./routes/faq/faq-article-page').then((m) => m.FaqArticlePage)),
  },
  {
    path: 'release-notes',
    element: page(() => import('./routes/faq/release-notes-page').then((m) => m.ReleaseNotesPage)),
  },
  {
    path: 'tickets',
    element: page(() => import('./routes/tickets/tickets-page').then((m) => m.TicketsPage)),
  },
  {
    path: 'ticket/:ticketid',
    element: page(() => import('./routes/tickets/ticket-page').then((m) => m.TicketPage)),
  },
  {
    path: 'technician-job-creator',
    element: page(() =>
      import('./routes/tickets/technician-job-creator-page').then((m) => m.TechnicianJobCreatorPage),
    ),
  },
  {
    path: 'checkins',
    element: page(() => import('./routes/checkins/checkins-page').then((m) => m.CheckinsPage)),
  },
  ...placeholderRoutes.map((route) => ({ path: route.path, element: <PlaceholderPage route={route} /> })),
];

export const routes: RouteObject[] = [
  {
    element: <PublicRoot />,
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        path: '/login',
        element: page(() => import('./routes/auth/login-page').then((m) => m.LoginPage)),
      },
      {
        path: '/passwordreset',
        element: page(() => import('./routes/auth/password-reset-page').then((m) => m.PasswordResetPage)),
      },
      // A Letter of Authorisation's QR code leads here: public, without the signed-in shell.
      {
        path: '/loa/verify/:token',
        element: page(() => import('./routes/colocation/loa-verify-page').then((m) => m.LoaVerifyPage)),
      },
      { path: '/error-pages/error-404', element: <NotFoundPage /> },
      { path: '/error-pages/error-500', element: <ServerErrorPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            path: '/',
            element: <AppLayout />,
            errorElement: <RouteErrorBoundary />,
            children: signedInRoutes,
          },
        ],
      },
      { path: '*', element: <Navigate to="/error-pages/error-404" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
