import { listPage } from '@lightpath/domain/api';
import { auditEntrySchema } from '@lightpath/domain/audit-log';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type AuditLogFilters = {
  from: number;
  to: number;
  q?: string | undefined;
  user?: string | undefined;
  action?: string | undefined;
  sort?: string | undefined;
};

export type ListAuditLogParams = AuditLogFilters & { limit: number; offset: number };

export function listAuditLog(params: ListAuditLogParams, signal?: AbortSignal) {
  return apiRequest('auditlog', { reply: listPage(auditEntrySchema), query: params, signal });
}

export function listAuditLogQuery(params: ListAuditLogParams) {
  return queryOptions({
    queryKey: ['auditlog', params],
    queryFn: ({ signal }) => listAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(params: ListAuditLogParams, enabled = true) {
  return useQuery({ ...listAuditLogQuery(params), enabled });
}
