import { type ComponentType, lazy } from 'react';

// A page or a heavy component is a chunk of its own, fetched on first use (React.lazy). A fetch that
// fails once would break that page for the life of the tab: lazy() keeps the rejected promise, so every
// later visit shows the error page until a reload. Two causes are worth recovering from:
// - a dropped connection or a server restarting: the same file loads on a second try;
// - a deploy since the tab opened: the chunk names changed and the old ones are gone, so only a fresh
//   copy of the app (a reload) knows the new names.
// So a failed chunk is fetched again once, and if that fails too the page reloads, at most once in a
// while (a chunk that fails after a reload as well is a real fault, and shows the error page).

export const chunkRetryDelayMs = 500;
export const chunkReloadGuardMs = 30_000;
const reloadedAtKey = 'lightpath.chunkReloadedAt';

type Options = {
  reload?: () => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
  retryDelayMs?: number;
};

export async function loadChunk<T>(load: () => Promise<T>, options: Options = {}): Promise<T> {
  const {
    reload = () => window.location.reload(),
    storage = window.sessionStorage,
    now = Date.now,
    retryDelayMs = chunkRetryDelayMs,
  } = options;
  try {
    return await load();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
    try {
      return await load();
    } catch (error) {
      const reloadedAt = Number(storage.getItem(reloadedAtKey) ?? 0);
      if (now() - reloadedAt < chunkReloadGuardMs) throw error;
      storage.setItem(reloadedAtKey, String(now()));
      reload();
      // The page is going away: keep showing the loading state rather than an error meanwhile.
      return new Promise<T>(() => undefined);
    }
  }
}

// A component of its own chunk, loaded through loadChunk: `lazyChunk(() => import('./x').then((m) => m.X))`.
export function lazyChunk<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => ({ default: await loadChunk(load) }));
}
