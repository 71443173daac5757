import { AppShell, Box, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePortalInfo } from '../../lib/queries/get-portal-info';
import { useLiveUpdates } from '../live/use-live-updates';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { Sidebar } from './sidebar';

const defaultProviderName = 'Meridian Research Network';

export function AppLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const portal = usePortalInfo();
  useLiveUpdates();

  // On a phone the navbar covers the page; close it once the user has gone somewhere (adjusting state
  // during render on a path change, rather than in an effect, avoids a flash of the open menu).
  const [navPath, setNavPath] = useState(pathname);
  if (navPath !== pathname) {
    setNavPath(pathname);
    nav.close();
  }

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: { sm: 250, lg: 272 }, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={0}
    >
      <a className="lp-skip-link" href="#content">
        Skip to content
      </a>
      <AppShell.Header>
        <AppHeader navOpened={navOpened} onToggleNav={nav.toggle} supportPhone={portal.data?.supportphone} />
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar onNavigate={nav.close} supportPhone={portal.data?.supportphone} />
      </AppShell.Navbar>
      <AppShell.Main bg="var(--lp-color-page)">
        <Box
          px={{ base: 'sm', sm: 'lg', xl: 'xl' }}
          pt={{ base: 'md', sm: 'lg' }}
          mih="calc(100dvh - 60px)"
          maw={1480}
          style={{ display: 'flex', flexDirection: 'column' }}
        >
          <Box id="content" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
            <Suspense
              fallback={
                <Center py={80}>
                  <Loader aria-label="Loading page" />
                </Center>
              }
            >
              <Outlet />
            </Suspense>
          </Box>
          <AppFooter providerName={portal.data?.provider.name ?? defaultProviderName} />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
