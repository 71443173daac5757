import type { technicianSchema } from '@lightpath/domain/tickets';
import { techniciansSchema } from '@lightpath/domain/tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

// Type 2 users a job ticket can be assigned to (jobtickets.manage).
export type Technician = z.output<typeof technicianSchema>;

export function listTechnicians(signal?: AbortSignal) {
  return apiRequest('tickets/technicians', { reply: techniciansSchema, signal });
}

export const techniciansQuery = queryOptions({
  queryKey: ['tickets', 'technicians'],
  queryFn: ({ signal }) => listTechnicians(signal),
  staleTime: 60_000,
});

export function useTechnicians(enabled = true) {
  return useQuery({ ...techniciansQuery, enabled });
}
