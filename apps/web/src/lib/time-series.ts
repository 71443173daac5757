// Readings over time as the API sends them (one list per direction or measure) turned into the rows a
// chart draws, and the figures its legend reads. Shared by the service page's traffic and the port
// view's traffic and light histories.

export type SeriesPoint = { value: number; datetime: number };
export type SeriesRow<K extends string> = { datetime: number } & Record<K, number | null>;

// One row per moment with every series' reading, oldest first. A series missing at a moment stays
// null, so its line is not drawn down to a zero that never happened.
export function mergeSeries<K extends string>(
  series: Record<K, readonly SeriesPoint[]>,
  scale: (value: number) => number = (value) => value,
): SeriesRow<K>[] {
  const keys = Object.keys(series) as K[];
  const rows = new Map<number, SeriesRow<K>>();
  for (const key of keys) {
    for (const point of series[key]) {
      let row = rows.get(point.datetime);
      if (!row) {
        row = { datetime: point.datetime } as SeriesRow<K>;
        for (const other of keys) (row as Record<K, number | null>)[other] = null;
        rows.set(point.datetime, row);
      }
      (row as Record<K, number | null>)[key] = scale(point.value);
    }
  }
  return [...rows.values()].sort((a, b) => a.datetime - b.datetime);
}

export type SeriesSummary = { latest: number | null; peak: number | null; low: number | null };

// The most recent reading and the highest and lowest of the window, for one series.
export function seriesSummary<K extends string>(rows: readonly SeriesRow<K>[], key: K): SeriesSummary {
  const values = rows
    .map((row) => (row as Record<K, number | null>)[key])
    .filter((v): v is number => v !== null);
  if (values.length === 0) return { latest: null, peak: null, low: null };
  return { latest: values[values.length - 1] ?? null, peak: Math.max(...values), low: Math.min(...values) };
}
