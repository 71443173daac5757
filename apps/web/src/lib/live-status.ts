import { useSyncExternalStore } from 'react';

// Whether the live stream (app/live) is connected right now. Screens that must stay current without it
// (a running job's output) fall back to polling while it is down; the stream sets this, screens read it.
let connected = false;
const listeners = new Set<() => void>();

export function setLiveStreamConnected(next: boolean): void {
  if (next === connected) return;
  connected = next;
  for (const listener of listeners) listener();
}

export function isLiveStreamConnected(): boolean {
  return connected;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useLiveStreamConnected(): boolean {
  return useSyncExternalStore(subscribe, isLiveStreamConnected, isLiveStreamConnected);
}
