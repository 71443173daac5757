import type { Scope } from '@lightpath/domain/actor';
import type { RawQuery } from '../../db/client';
import { epochSeconds, Params, statementName } from '../../db/statements';

// The SLA report reads services and the events on them; it writes nothing. Every read takes the
// caller's Scope. Both reads are one statement each, whatever the number of services: the merging of
// each service's events is one pass in Node (service.ts), measured against range_agg in
// docs/decisions/038.

export type SlaServiceSource = {
  serviceid: string;
  description: string;
  type: string;
  customerid: number;
  customercode: string;
  customername: string;
  contracted: number | null;
  // Unix seconds: the start of the provision day in the portal's zone, and the deprovision moment.
  inservicefrom: number | null;
  inserviceuntil: number | null;
};

export type SlaEventSource = {
  serviceid: string;
  start: number;
  end: number | null;
  type: number;
  slatype: number;
};

// serviceId narrows the report to one service (the service report's availability).
type Window = {
  start: number;
  end: number;
  zone: string;
  customerId: number | null;
  serviceId?: string | undefined;
};

function customerCondition(scope: Scope, window: Window, params: Params, column: string): string[] {
  const where: string[] = [];
  if (scope.kind === 'customer') where.push(`${column} = ${params.add(scope.customerId)}`);
  if (window.customerId !== null) where.push(`${column} = ${params.add(window.customerId)}`);
  return where;
}
const serviceCondition = (window: Window, params: Params, column: string) =>
  window.serviceId === undefined ? [] : [`${column} = ${params.add(window.serviceId)}`];

// The services in service at some moment of the period: not in planning (status 2), not disabled
// without a moment it went, provisioned before the period ends and not gone before it starts. A
// service without a provision date is taken to have been in service since before the period.
export async function listSlaServices(query: RawQuery, scope: Scope, window: Window) {
  const params = new Params();
  const zone = params.add(window.zone);
  const provisioned = `(s.provision_date::timestamp at time zone ${zone})`;
  const where = [
    's.status <> 2',
    '(s.status <> 0 or s.deprovisioned_at is not null)',
    `(s.provision_date is null or ${provisioned} < to_timestamp(${params.add(window.end)}))`,
    `(s.deprovisioned_at is null or s.deprovisioned_at > to_timestamp(${params.add(window.start)}))`,
    ...customerCondition(scope, window, params, 's.customer_id'),
    ...serviceCondition(window, params, 's.service_id'),
  ];
  const text = `select s.service_id as serviceid, s.description, s.type_letter as type,
      s.customer_id as customerid, c.customer_code as customercode, c.customer_name as customername,
      s.sla_target::float8 as contracted,
      ${epochSeconds(provisioned)} as inservicefrom, ${epochSeconds('s.deprovisioned_at')} as inserviceuntil
    from services s join customers c on c.customer_id = s.customer_id
    where ${where.join(' and ')}
    order by s.service_id`;
  return query<SlaServiceSource>(statementName('sla_services', text), text, params.values);
}

// Every event of a downtime type (scheduled works, outages) on a service in scope that overlaps the
// period, ongoing ones included. Hazard windows are never downtime, so they are not read.
export async function listSlaEvents(query: RawQuery, scope: Scope, window: Window) {
  const params = new Params();
  const where = [
    'e.type in (1, 3)',
    `e.start_time < to_timestamp(${params.add(window.end)})`,
    `(e.end_time is null or e.end_time > to_timestamp(${params.add(window.start)}))`,
  ];
  const customer = customerCondition(scope, window, params, 's.customer_id');
  where.push(...customer, ...serviceCondition(window, params, 'es.service_id'));
  // The services join only when a customer narrows the events.
  const join = customer.length > 0 ? 'join services s on s.service_id = es.service_id' : '';
  const text = `select es.service_id as serviceid, ${epochSeconds('e.start_time')} as start,
      ${epochSeconds('e.end_time')} as "end", e.type::int as type, e.sla_type::int as slatype
    from events e join event_services es on es.event_id = e.event_id ${join}
    where ${where.join(' and ')}`;
  return query<SlaEventSource>(statementName('sla_events', text), text, params.values);
}
