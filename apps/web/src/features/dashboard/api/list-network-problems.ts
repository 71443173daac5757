import type { NetworkProblems } from '@lightpath/domain/dashboard';
import { networkProblemsSchema } from '@lightpath/domain/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { NetworkProblems };
export type ProblemSite = NetworkProblems['sites'][number];
export type ProblemService = NetworkProblems['services'][number];

export function listNetworkProblems(signal?: AbortSignal) {
  return apiRequest('network-problems', { reply: networkProblemsSchema, signal });
}

export const networkProblemsQuery = queryOptions({
  queryKey: ['dashboard', 'problems'],
  queryFn: ({ signal }) => listNetworkProblems(signal),
  refetchInterval: 120_000,
});

export function useNetworkProblems(enabled = true) {
  return useQuery({ ...networkProblemsQuery, enabled });
}
