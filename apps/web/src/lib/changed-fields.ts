// Updates send only what the user actually changed: smaller audit entries, and no accidental writes of
// fields the caller may not touch (the server refuses those even when unchanged).
export function changedFields<T extends object>(next: T, previous: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (next[key] !== previous[key]) changed[key] = next[key];
  }
  return changed;
}
