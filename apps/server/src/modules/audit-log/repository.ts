import type { AuditEntry, AuditLogFilter } from '@lightpath/domain/audit-log';
import type { RawQuery } from '../../db/client';
import { Params, pageOf } from '../../db/statements';
import { containsPattern } from '../../platform/scope';

// The audit log is the provider's own record of every write (platform/audit.ts writes it): the
// permission alone guards it (audit.view, the NOC).

export type AuditLogListFilter = AuditLogFilter & { descending: boolean; limit: number; offset: number };

const auditColumns = `a.id::float8 as id, extract(epoch from a.at)::float8 as time, a.actor_user_id as userid,
  a.actor_email as email, a.acting_customer_id as customerid, c.customer_code as customercode,
  a.acting_type::int as actingtype, a.action, a.entity, a.entity_id as entityid, a.detail, a.ip as address`;

// The record's name as it reads now (a user's e-mail, a site's name, an event's title), for the kinds
// whose ids are numbers in a table of their own; null for the others (a service id already reads as a
// name) and for a record deleted since. The cast is guarded, so an id that is not a number reads null.
const namedEntities: Record<string, { table: string; id: string; name: string }> = {
  user: { table: 'users', id: 'user_id', name: 'email' },
  customer: { table: 'customers', id: 'customer_id', name: 'customer_name' },
  site: { table: 'sites', id: 'site_id', name: 'site_name' },
  contact: { table: 'contacts', id: 'contact_id', name: 'contact_name' },
  event: { table: 'events', id: 'event_id', name: 'title' },
  ticket: { table: 'tickets', id: 'ticket_id', name: 'subject' },
  shelf: { table: 'shelves', id: 'shelf_id', name: 'name' },
};
const entityNameSql = `case ${Object.entries(namedEntities)
  .map(
    ([entity, { table, id, name }]) =>
      `when a.entity = '${entity}' and a.entity_id ~ '^[0-9]{1,9}$'
      then (select n.${name}::text from ${table} n where n.${id} = a.entity_id::int)`,
  )
  .join('\n    ')} end as entityname`;

function auditWhere(filter: AuditLogListFilter, params: Params): string {
  const where: string[] = [];
  if (filter.from !== undefined) where.push(`a.at >= to_timestamp(${params.add(filter.from)})`);
  // Whole seconds, the last one included.
  if (filter.to !== undefined) where.push(`a.at < to_timestamp(${params.add(filter.to + 1)})`);
  if (filter.user) where.push(`a.actor_email ilike ${params.add(containsPattern(filter.user))}`);
  if (filter.action) {
    // 'site' is every action on sites, 'site.delete' that one action.
    const action = params.add(filter.action.toLowerCase());
    where.push(`(a.action = ${action} or a.action like ${action} || '.%')`);
  }
  if (filter.entityid) where.push(`a.entity_id = ${params.add(filter.entityid)}`);
  if (filter.q) {
    const pattern = params.add(containsPattern(filter.q));
    where.push(`(a.actor_email ilike ${pattern} or a.action ilike ${pattern} or a.entity_id ilike ${pattern}
      or a.ip ilike ${pattern} or a.detail::text ilike ${pattern})`);
  }
  return where.length > 0 ? where.join(' and ') : 'true';
}

export async function listAuditEntries(
  query: RawQuery,
  filter: AuditLogListFilter,
): Promise<{ count: number; results: AuditEntry[] }> {
  const params = new Params();
  const where = auditWhere(filter, params);
  const order = filter.descending ? 'a.at desc, a.id desc' : 'a.at asc, a.id asc';
  const countText = `select count(*)::int as total from audit_log a where ${where}`;
  return pageOf<AuditEntry>(
    query,
    'lightpath_audit_log',
    (limit, offset) => `with page as (
      select a.* from audit_log a where ${where} order by ${order} limit ${limit} offset ${offset}
    )
    select ${auditColumns}, ${entityNameSql}, (${countText}) as total
    from page a left join customers c on c.customer_id = a.acting_customer_id
    order by ${order}`,
    countText,
    params,
    filter,
  );
}
