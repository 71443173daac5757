import { serviceReportSchema } from '@lightpath/domain/service-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ServiceReportParams = { serviceid: string; from: string; to: string };

export const serviceReportPath = (serviceid: string) => `reports/service/${encodeURIComponent(serviceid)}`;

// GET reports/service/{serviceid}: the whole report of one service over the period.
export function getServiceReport({ serviceid, ...period }: ServiceReportParams, signal?: AbortSignal) {
  return apiRequest(serviceReportPath(serviceid), { reply: serviceReportSchema, query: period, signal });
}

export function serviceReportQuery(params: ServiceReportParams) {
  return queryOptions({
    queryKey: ['service-report', params],
    queryFn: ({ signal }) => getServiceReport(params, signal),
    // The current report stays on screen while another period loads.
    placeholderData: keepPreviousData,
  });
}

// Null params while no service is chosen or the period typed is not a valid one: nothing is asked.
export function useServiceReport(params: ServiceReportParams | null, enabled = true) {
  return useQuery({
    ...serviceReportQuery(params ?? { serviceid: '', from: '', to: '' }),
    enabled: enabled && params !== null,
  });
}
