import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../lib/session';
import { startLiveUpdates } from './live-updates';

// Mounted once, by the signed-in layout. Spec 9: technicians (type 2) neither stream nor poll events.
export function useLiveUpdates(): void {
  const { actor } = useSession();
  const queryClient = useQueryClient();
  const live = actor.type !== 2;
  useEffect(() => (live ? startLiveUpdates(queryClient) : undefined), [live, queryClient]);
}
