import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

// List filters and the page number live in the URL, so the back button, reloads and shared links
// all land on the same view.
//
// A change renders at once (flushSync) rather than as the router's default transition: the page's
// controls turn the URL from what they show (a sort header's next order, a second filter on top of the
// first), and while a transition's render lagged behind the address bar a second click read the old
// page, so it repeated the first sort or dropped the period chosen just before (seen at 4x CPU
// throttling and on a loaded CI machine; docs/decisions/055).
export function useListParams() {
  const [params, setParams] = useSearchParams();

  const get = useCallback((key: string) => params.get(key) ?? '', [params]);

  const set = useCallback(
    (changes: Record<string, string | null>, options: { resetPage?: boolean; replace?: boolean } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (options.resetPage ?? true) next.delete('page');
          return next;
        },
        { replace: options.replace ?? false, flushSync: true },
      );
    },
    [setParams],
  );

  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { get, set, page };
}
