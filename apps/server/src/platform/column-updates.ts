// An update's validated partial input (the API's field names) turned into the columns it changes. A
// field left out changes nothing; a field sent as null clears its column. `columns` names, for each
// field that may change, its column, so the API's spelling and the table's meet in one place.
export function columnUpdates<I extends object, const M extends { [K in keyof I]?: string }>(
  input: I,
  columns: M,
): {
  [K in keyof M as M[K] extends string ? M[K] : never]?: K extends keyof I ? Exclude<I[K], undefined> : never;
} {
  const updates: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns)) {
    const value = (input as Record<string, unknown>)[field];
    if (value !== undefined && typeof column === 'string') updates[column] = value;
  }
  return updates as never;
}
