import { apiLogMaxSpanDays, apiLogMessages } from '@lightpath/domain/api-logs';
import { daySpanSeconds } from '../../lib/time-zone';

// The page's period: a span back from now, or a range of whole days in the reader's zone. The server
// holds the same rules (domain api-logs); saying so here spares a round trip and a 400.
export const periodPresets = [
  { value: '1h', label: 'Last hour', seconds: 3600 },
  { value: '24h', label: 'Last 24 hours', seconds: 86_400 },
  { value: '7d', label: 'Last 7 days', seconds: 7 * 86_400 },
  {
    value: `${apiLogMaxSpanDays}d`,
    label: `Last ${apiLogMaxSpanDays} days`,
    seconds: apiLogMaxSpanDays * 86_400,
  },
] as const;
export const defaultPreset = '24h';
export const customPeriod = 'custom';

export type ResolvedPeriod = { from: number; to: number } | { problem: string };

export function periodOf(
  choice: string,
  days: { from: string; to: string },
  nowSeconds: number,
): ResolvedPeriod {
  const preset = periodPresets.find((p) => p.value === choice);
  if (preset) return { from: nowSeconds - preset.seconds, to: nowSeconds };
  const span = daySpanSeconds(days.from, days.to);
  if (!span) return { problem: 'Choose both days' };
  if (span.end < span.start) return { problem: apiLogMessages.periodReversed };
  if (span.end - span.start > apiLogMaxSpanDays * 86_400) return { problem: apiLogMessages.periodTooLong };
  return { from: span.start, to: span.end };
}
