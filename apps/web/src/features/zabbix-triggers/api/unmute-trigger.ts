import { noPayload } from '@lightpath/domain/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateZabbixViews } from './mute-trigger';

export function unmuteTrigger(triggerid: string) {
  return apiRequest('zabbix/trigger/unmute', { reply: noPayload, method: 'POST', body: { triggerid } });
}

export function useUnmuteTrigger() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unmuteTrigger, onSuccess: () => invalidateZabbixViews(queryClient) });
}
