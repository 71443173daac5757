import type { ServiceCondition, SiteCondition } from '@lightpath/domain/conditions';
import type { EventType } from '@lightpath/domain/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ProblemSite = {
  siteid: number;
  sitenumber: string;
  sitename: string;
  customercode: string;
  condition: SiteCondition;
};

export type ProblemService = {
  serviceid: string;
  description: string;
  customercode: string;
  condition: ServiceCondition;
  events: { eventid: number; title: string; type: EventType }[];
};

export type NetworkProblems = { sites: ProblemSite[]; services: ProblemService[] };

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
