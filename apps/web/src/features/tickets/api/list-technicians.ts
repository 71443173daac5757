import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Type 2 users a job ticket can be assigned to (jobtickets.manage).
export type Technician = { userid: number; firstname: string; surname: string; email: string };

export function listTechnicians(signal?: AbortSignal) {
  return apiRequest<Technician[]>('tickets/technicians', { signal });
}

export const techniciansQuery = queryOptions({
  queryKey: ['tickets', 'technicians'],
  queryFn: ({ signal }) => listTechnicians(signal),
  staleTime: 60_000,
});

export function useTechnicians(enabled = true) {
  return useQuery({ ...techniciansQuery, enabled });
}
