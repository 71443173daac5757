import {
  type ReportPresetValue,
  reportPeriodQuerySchema,
  reportPresets,
} from '@lightpath/domain/report-period';
import { useMemo } from 'react';
import { portalTimeZone } from './time-zone';
import { useListParams } from './use-list-params';

export const customReportPeriod = 'custom';

// A report's period lives in the URL as its days (?from=2026-07-01&to=2026-09-30), so a shared link
// or the back button opens the same months. With no days in the URL the page's default preset applies,
// as of today. Days are the portal's (report-period.ts): a report is a shared document.
export function useReportPeriod(defaultPreset: ReportPresetValue) {
  const list = useListParams();
  const zone = portalTimeZone();
  // Presets are as of the day the page opened; a page left open overnight keeps its period.
  const presets = useMemo(() => reportPresets(Math.floor(Date.now() / 1000), zone), [zone]);
  const fallback = presets.find((p) => p.value === defaultPreset)!;
  const from = list.get('from') || fallback.from;
  const to = list.get('to') || fallback.to;
  const parsed = reportPeriodQuerySchema.safeParse({ from, to });
  const preset = presets.find((p) => p.from === from && p.to === to)?.value ?? customReportPeriod;
  return {
    from,
    to,
    preset,
    presets,
    zone,
    // The period to ask the server for, or null while the days typed are not a valid period.
    query: parsed.success ? { from, to } : null,
    problem: parsed.success ? null : (parsed.error.issues[0]?.message ?? null),
    choosePreset(value: string) {
      const chosen = presets.find((p) => p.value === value);
      if (chosen) list.set({ from: chosen.from, to: chosen.to });
      // 'Custom days' keeps the current days in the URL so the inputs start from them.
      else list.set({ from, to });
    },
    setDays(days: { from?: string; to?: string }) {
      list.set({ from: days.from ?? from, to: days.to ?? to });
    },
  };
}

export type ReportPeriodState = ReturnType<typeof useReportPeriod>;
