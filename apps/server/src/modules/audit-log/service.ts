import { parseSort } from '@lightpath/domain/api';
import { type AuditLogFilter, auditLogSortFields } from '@lightpath/domain/audit-log';
import type { ServiceContext } from '../../platform/service-context';
import { listAuditEntries } from './repository';

type AuditLogListInput = AuditLogFilter & { sort?: string | undefined; limit: number; offset: number };

// Newest first unless asked otherwise (sort=time): the NOC looks for what just happened.
export async function listAuditEntriesFor(ctx: ServiceContext, input: AuditLogListInput) {
  const descending = input.sort ? parseSort(input.sort, auditLogSortFields, 'time').descending : true;
  const page = await listAuditEntries(ctx.query, { ...input, descending });
  return { ...page, limit: input.limit, offset: input.offset };
}
