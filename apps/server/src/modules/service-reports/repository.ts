import type { Scope } from '@lightpath/domain/actor';
import type { RawQuery } from '../../db/client';
import { epochSeconds, Params, statementName } from '../../db/statements';

// The service report's own read: the events on one service that overlap the period, every type.
// Availability, utilisation and tickets come from their areas' services (sla-reports, usage-reports,
// tickets); this module writes nothing.

export type ServiceReportEventRow = {
  eventid: number;
  number: number;
  title: string;
  type: number;
  slatype: number;
  start: number;
  end: number | null;
};

// Overlapping the period: started before it ended and not ended before it began (an open outage
// overlaps every period after its start). Oldest first. A customer reads only its own service's.
export async function listServiceEventsInPeriod(
  query: RawQuery,
  scope: Scope,
  input: { serviceId: string; start: number; end: number },
): Promise<ServiceReportEventRow[]> {
  const params = new Params();
  const where = [
    `es.service_id = ${params.add(input.serviceId)}`,
    `e.start_time < to_timestamp(${params.add(input.end)})`,
    `(e.end_time is null or e.end_time > to_timestamp(${params.add(input.start)}))`,
  ];
  if (scope.kind === 'customer')
    where.push(
      `exists (select 1 from services s where s.service_id = es.service_id and s.customer_id = ${params.add(scope.customerId)})`,
    );
  const text = `select e.event_id as eventid, e.number, e.title, e.type::int as type, e.sla_type::int as slatype,
      ${epochSeconds('e.start_time')} as start, ${epochSeconds('e.end_time')} as "end"
    from event_services es join events e on e.event_id = es.event_id
    where ${where.join(' and ')}
    order by e.start_time, e.event_id`;
  return query<ServiceReportEventRow>(statementName('service_report_events', text), text, params.values);
}
