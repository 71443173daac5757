import { useState } from 'react';

// A number that changes each time `opened` turns true: keyed on it, a modal's content mounts afresh
// on every opening (fresh values, first step, a new Idempotency-Key), so nothing of the previous
// opening leaks into the next. Compared during render rather than in an effect, so the first render
// of a new opening is already the fresh one.
export function useOpeningKey(opened: boolean): number {
  const [openings, setOpenings] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpenings((n) => n + 1);
  }
  return openings;
}
