import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { NotFoundPage } from '../features/errors/pages/not-found-page';
import { ServerErrorPage } from '../features/errors/pages/server-error-page';
import { placeholderRoutes } from '../features/placeholders/placeholder-routes';
import { RouteErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { RequireSession } from './require-session';

// Route-level code splitting: each page is its own chunk, fetched on first visit. The shell, the guard
// and the error pages stay in the entry chunk so they can show while (or when) a chunk fails to load.
function page(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return <Page />;
}

const PlaceholderPage = lazy(async () => ({
  default: (await import('../features/placeholders/pages/placeholder-page')).PlaceholderPage,
}));

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
    element: page(() => import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage)),
  },
  {
    path: 'users',
    element: page(() => import('../features/users/pages/users-page').then((m) => m.UsersPage)),
  },
  {
    path: 'user/me',
    element: page(() => import('../features/users/pages/my-profile-page').then((m) => m.MyProfilePage)),
  },
  {
    path: 'user/:userid',
    element: page(() => import('../features/users/pages/user-page').then((m) => m.UserPage)),
  },
  {
    path: 'customers',
    element: page(() => import('../features/customers/pages/customers-page').then((m) => m.CustomersPage)),
  },
  {
    path: 'customers/:customerid',
    element: page(() => import('../features/customers/pages/customer-page').then((m) => m.CustomerPage)),
  },
  {
    path: 'company-settings',
    element: page(() =>
      import('../features/customers/pages/company-settings-page').then((m) => m.CompanySettingsPage),
    ),
  },
  {
    path: 'integrations',
    element: page(() =>
      import('../features/integrations/pages/integrations-page').then((m) => m.IntegrationsPage),
    ),
  },
  {
    path: 'sites',
    element: page(() => import('../features/sites/pages/sites-page').then((m) => m.SitesPage)),
  },
  {
    path: 'site/:siteid',
    element: page(() => import('../features/sites/pages/site-page').then((m) => m.SitePage)),
  },
  {
    path: 'functions/search-result/:searchParameter',
    element: page(() =>
      import('../features/search/pages/search-results-page').then((m) => m.SearchResultsPage),
    ),
  },
  {
    path: 'functions/state-map',
    element: page(() =>
      import('../features/network-map/pages/network-map-page').then((m) => m.NetworkMapPage),
    ),
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
    element: page(() => import('../features/services/pages/services-page').then((m) => m.ServicesPage)),
  })),
  {
    path: 'services/thirdparty',
    element: page(() => import('../features/services/pages/third-party-page').then((m) => m.ThirdPartyPage)),
  },
  {
    path: 'services/deprovision',
    element: page(() => import('../features/services/pages/deprovision-page').then((m) => m.DeprovisionPage)),
  },
  {
    path: 'services/service-notifications',
    element: page(() =>
      import('../features/subscriptions/pages/service-notifications-page').then(
        (m) => m.ServiceNotificationsPage,
      ),
    ),
  },
  {
    path: 'service/:serviceid',
    element: page(() => import('../features/services/pages/service-page').then((m) => m.ServicePage)),
  },
  {
    path: 'vpls/:vplsid',
    element: page(() => import('../features/services/pages/network-site-page').then((m) => m.VplsPage)),
  },
  {
    path: 'l3vpn/:vpnid',
    element: page(() => import('../features/services/pages/network-site-page').then((m) => m.L3vpnPage)),
  },
  // Events: /events (Network Outages) and /events/scheduled-events share one list page.
  {
    path: 'events',
    element: page(() => import('../features/events/pages/events-page').then((m) => m.NetworkOutagesPage)),
  },
  {
    path: 'events/scheduled-events',
    element: page(() => import('../features/events/pages/events-page').then((m) => m.ScheduledEventsPage)),
  },
  {
    path: 'events/past-events',
    element: page(() => import('../features/events/pages/past-events-page').then((m) => m.PastEventsPage)),
  },
  {
    path: 'event/:eventid',
    element: page(() => import('../features/events/pages/event-page').then((m) => m.EventPage)),
  },
  {
    path: 'contacts',
    element: page(() => import('../features/contacts/pages/contacts-page').then((m) => m.ContactsPage)),
  },
  {
    path: 'contact/:contactid',
    element: page(() => import('../features/contacts/pages/contact-page').then((m) => m.ContactPage)),
  },
  {
    path: 'customer-faq',
    element: page(() => import('../features/faq/pages/faq-page').then((m) => m.FaqPage)),
  },
  {
    path: 'customer-faq/:faqarticleid',
    element: page(() => import('../features/faq/pages/faq-article-page').then((m) => m.FaqArticlePage)),
  },
  {
    path: 'release-notes',
    element: page(() => import('../features/faq/pages/release-notes-page').then((m) => m.ReleaseNotesPage)),
  },
  {
    path: 'tickets',
    element: page(() => import('../features/tickets/pages/tickets-page').then((m) => m.TicketsPage)),
  },
  {
    path: 'ticket/:ticketid',
    element: page(() => import('../features/tickets/pages/ticket-page').then((m) => m.TicketPage)),
  },
  {
    path: 'technician-job-creator',
    element: page(() =>
      import('../features/tickets/pages/technician-job-creator-page').then((m) => m.TechnicianJobCreatorPage),
    ),
  },
  {
    path: 'checkins',
    element: page(() => import('../features/checkins/pages/checkins-page').then((m) => m.CheckinsPage)),
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
        element: page(() => import('../features/auth/pages/login-page').then((m) => m.LoginPage)),
      },
      {
        path: '/passwordreset',
        element: page(() =>
          import('../features/auth/pages/password-reset-page').then((m) => m.PasswordResetPage),
        ),
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
