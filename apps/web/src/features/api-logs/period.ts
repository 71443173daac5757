import { apiLogMaxSpanDays, apiLogMessages } from '@lightpath/domain/api-logs';
import type { RecentPeriodRules } from '../../lib/use-recent-period';

// The API logs' periods: the server keeps the calls for a while and reads at most apiLogMaxSpanDays.
export const apiLogPeriodRules: RecentPeriodRules = {
  presets: [
    { value: '1h', label: 'Last hour', seconds: 3600 },
    { value: '24h', label: 'Last 24 hours', seconds: 86_400 },
    { value: '7d', label: 'Last 7 days', seconds: 7 * 86_400 },
    {
      value: `${apiLogMaxSpanDays}d`,
      label: `Last ${apiLogMaxSpanDays} days`,
      seconds: apiLogMaxSpanDays * 86_400,
    },
  ],
  defaultPreset: '24h',
  reversedMessage: apiLogMessages.periodReversed,
  maxSpan: { days: apiLogMaxSpanDays, message: apiLogMessages.periodTooLong },
};
