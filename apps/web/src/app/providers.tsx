import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../lib/theme';
import { ErrorBoundary } from './error-boundary';
import { queryClient } from './query-client';

// Decision 015: the system setting decides until the user picks Light or Dark in the profile menu;
// the choice is kept in this browser.
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'lightpath.color-scheme' });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
            {/* Spec 9: toasts top-left for 2 s; Mantine pauses the timer while hovered. */}
            <Notifications position="top-left" autoClose={2000} limit={4} zIndex={1000} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
