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
