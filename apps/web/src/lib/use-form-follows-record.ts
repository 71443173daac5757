import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useEffectEvent, useRef } from 'react';

// Keeps an edit form on the latest copy of its record: a new record from the server (after saving, a
// refetch, someone else's change) replaces the form's values and its baseline for "dirty", but never
// over unsaved edits. Only a new record does: setValues renders again, and re-applying the same
// record on every render looped until React gave up, which also froze navigation away from the page.
export function useFormFollowsRecord<Values extends Record<string, unknown>, Item>(
  form: UseFormReturnType<Values>,
  record: Item,
  valuesOf: (record: Item) => Values,
) {
  const applied = useRef(record);
  const apply = useEffectEvent((next: Item) => {
    if (applied.current === next || form.isDirty()) return;
    applied.current = next;
    const values = valuesOf(next);
    form.setInitialValues(values);
    form.setValues(values);
  });
  useEffect(() => apply(record), [record]);
}
