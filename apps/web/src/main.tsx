import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// From react-router/dom, which hands the router ReactDOM's flushSync (use-list-params.ts renders URL
// changes with it; the plain export ignores the option).
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { installSessionHandlers } from './app/session-handlers';
import { showFlash } from './lib/notify';

installSessionHandlers(queryClient, router);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// A message set just before a full reload (e.g. after switching customers) shows once the app is up.
queueMicrotask(showFlash);
