import { useEffect, useRef, useState } from 'react';

// A number that changes each time `opened` turns true: keyed on it, a modal's content mounts afresh
// on every opening (fresh values, first step, a new Idempotency-Key), so nothing of the previous
// opening leaks into the next. Compared during render rather than in an effect, so the first render
// of a new opening is already the fresh one.
//
// A keyed modal mounts already open, and Mantine only notes the focused element when `opened`
// changes after mount, so it had nothing to return focus to: after Escape the focus fell to the page
// (issue 12). The element focused when the opening began (the sidebar link, the page's button) is
// noted here, before the modal takes the focus, and gets it back once the modal has closed.
export function useOpeningKey(opened: boolean): number {
  const [openings, setOpenings] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  const opener = useRef<Element | null>(null);
  const [initialOpener] = useState(() => (opened ? document.activeElement : null));
  if (opener.current === null && initialOpener) opener.current = initialOpener;
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setOpenings((n) => n + 1);
      opener.current = document.activeElement;
    }
  }

  useEffect(() => {
    if (opened) return;
    const element = opener.current;
    if (!(element instanceof HTMLElement)) return;
    // After the modal's own close handling, as Mantine does; only when the focus is nowhere useful
    // (the page, or inside the closing dialog), never taken from where the user has moved it.
    const timeout = window.setTimeout(() => {
      opener.current = null;
      const active = document.activeElement;
      const lost = active === null || active === document.body || active.closest('[role="dialog"]') !== null;
      if (lost && element.isConnected) element.focus({ preventScroll: true });
    }, 10);
    return () => window.clearTimeout(timeout);
  }, [opened]);

  return openings;
}
