import { useState } from 'react';
import { dayInputValue, daySpanSeconds } from './time-zone';
import { useListParams } from './use-list-params';

// The period of a log (API logs, the audit log): a span back from now, or whole days in the reader's
// zone. The list's server holds the same rules; saying so here spares a round trip and a 400.
export type RecentPreset = { value: string; label: string; seconds: number };
export type RecentPeriodRules = {
  presets: readonly RecentPreset[];
  defaultPreset: string;
  reversedMessage: string;
  maxSpan?: { days: number; message: string };
};
export const customPeriod = 'custom';

export type ResolvedPeriod = { from: number; to: number } | { problem: string };

export function resolveRecentPeriod(
  choice: string,
  days: { from: string; to: string },
  nowSeconds: number,
  rules: RecentPeriodRules,
): ResolvedPeriod {
  const preset = rules.presets.find((p) => p.value === choice);
  if (preset) return { from: nowSeconds - preset.seconds, to: nowSeconds };
  const span = daySpanSeconds(days.from, days.to);
  if (!span) return { problem: 'Choose both days' };
  if (span.end < span.start) return { problem: rules.reversedMessage };
  if (rules.maxSpan && span.end - span.start > rules.maxSpan.days * 86_400)
    return { problem: rules.maxSpan.message };
  return { from: span.start, to: span.end };
}

// The period kept in the URL (period, from, to). A preset reads back from the moment the page opened;
// refresh() moves it to now, so the list never shifts on its own while someone reads it.
export function useRecentPeriod(rules: RecentPeriodRules) {
  const list = useListParams();
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  const choice = list.get('period') || rules.defaultPreset;
  const days = {
    from: list.get('from') || dayInputValue(now, -1),
    to: list.get('to') || dayInputValue(now),
  };
  return {
    rules,
    choice,
    days,
    resolved: resolveRecentPeriod(choice, days, now, rules),
    refresh: () => setNow(Math.floor(Date.now() / 1000)),
    choose: (value: string | null) => list.set({ period: value === rules.defaultPreset ? null : value }),
    setDay: (which: 'from' | 'to', value: string) => list.set({ [which]: value || null }),
  };
}

export type RecentPeriodState = ReturnType<typeof useRecentPeriod>;

// A log's query: the period's moments and the page's filters, or null while the period does not
// resolve (the list then asks nothing and says why).
export function withinPeriod<Filters extends object>(
  period: ResolvedPeriod,
  filters: Filters,
): ({ from: number; to: number } & Filters) | null {
  return 'problem' in period ? null : { from: period.from, to: period.to, ...filters };
}
