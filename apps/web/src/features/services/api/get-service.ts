import { serviceSchema } from '@lightpath/domain/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export function getService(serviceid: string, signal?: AbortSignal) {
  return apiRequest(`service/${encodeURIComponent(serviceid)}`, { reply: serviceSchema, signal });
}

export function serviceQuery(serviceid: string) {
  return queryOptions({
    queryKey: ['services', 'detail', serviceid],
    queryFn: ({ signal }) => getService(serviceid, signal),
    // A 404 is an answer, not a hiccup: asking again only delays the "not found" page.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useService(serviceid: string | null | undefined) {
  return useQuery({ ...serviceQuery(serviceid ?? ''), enabled: Boolean(serviceid) });
}

// Spec 5: the New Service form says 'Service already exists!' when the composed id answers 200.
export async function serviceExists(serviceid: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await apiRequest(`service/${encodeURIComponent(serviceid)}`, {
      reply: serviceSchema,
      signal,
      quietForbidden: true,
    });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

export function serviceExistsQuery(serviceid: string) {
  return queryOptions({
    queryKey: ['services', 'exists', serviceid],
    queryFn: ({ signal }) => serviceExists(serviceid, signal),
    retry: false,
  });
}

export function useServiceExists(serviceid: string, enabled: boolean) {
  return useQuery({ ...serviceExistsQuery(serviceid), enabled: enabled && serviceid !== '' });
}
