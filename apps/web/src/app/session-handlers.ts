import { authMessages } from '@lightpath/domain/auth';
import type { QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '../lib/api-client';
import { loggedOutToastId, notify } from '../lib/notify';

type Navigator = {
  state: { location: { pathname: string; search: string; hash: string } };
  navigate: (to: string, options: { replace: boolean; state: unknown }) => unknown;
};

// decisions.md: 401 ends the session (the client already cleared both token stores), 403 only warns.
export function installSessionHandlers(queryClient: QueryClient, router: Navigator) {
  configureApiClient({
    onUnauthorized: () => {
      queryClient.cancelQueries();
      queryClient.clear();
      // Several calls failing together give one toast, not a pile (same id).
      notify.info(authMessages.loggedOut, loggedOutToastId);
      const { location } = router.state;
      if (!location.pathname.startsWith('/login')) {
        router.navigate('/login', { replace: true, state: { from: location } });
      }
    },
    onForbidden: (message) => notify.warning(message, `forbidden:${message}`),
  });
}
