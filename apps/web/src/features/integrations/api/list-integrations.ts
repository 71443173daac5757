import { integrationListSchema } from '@lightpath/domain/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function listIntegrations(signal?: AbortSignal) {
  return apiRequest('integrations', { reply: integrationListSchema, signal });
}

// The record changes as the systems are called, so an open page follows it.
export function integrationsQuery() {
  return queryOptions({
    queryKey: ['integrations'],
    queryFn: ({ signal }) => listIntegrations(signal),
    refetchInterval: 30_000,
  });
}

export function useIntegrations(enabled = true) {
  return useQuery({ ...integrationsQuery(), enabled });
}
