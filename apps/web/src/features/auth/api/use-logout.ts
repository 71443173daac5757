import { authMessages } from '@lightpath/domain/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { loggedOutToastId, notify } from '../../../lib/notify';
import { clearToken } from '../../../lib/token-storage';
import { logout } from './logout';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Revoke server-side when we can; signing out locally must work even if the server is unreachable.
    await logout().catch(() => undefined);
    clearToken();
    queryClient.clear();
    notify.info(authMessages.loggedOut, loggedOutToastId);
    navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
