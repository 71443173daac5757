import type { networkProblemsSchema } from '@lightpath/domain/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ProblemSite = NetworkProblems['sites'][number];

export type ProblemService = NetworkProblems['services'][number];

export type NetworkProblems = z.output<typeof networkProblemsSchema>;

export function listNetworkProblems(signal?: AbortSignal) {
  return apiRequest<NetworkProblems>('network-problems', { signal });
}

export const networkProblemsQuery = queryOptions({
  queryKey: ['dashboard', 'problems'],
  queryFn: ({ signal }) => listNetworkProblems(signal),
  refetchInterval: 120_000,
});

export function useNetworkProblems(enabled = true) {
  return useQuery({ ...networkProblemsQuery, enabled });
}
