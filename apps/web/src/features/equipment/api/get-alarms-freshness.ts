import { alarmsFreshnessSchema } from '@lightpath/domain/equipment';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Whether the alarms shown are current (Zabbix answering); read again each minute, as the sync runs.
export function useAlarmsFreshness() {
  return useQuery({
    queryKey: ['equipment', 'alarms-freshness'],
    queryFn: ({ signal }) =>
      apiRequest('equipment/alarms/freshness', { reply: alarmsFreshnessSchema, signal }),
    refetchInterval: 60_000,
  });
}
