import type { Db } from '../db/client';
import { eventServices, events } from '../db/schema/inventory';

// An event on one service written straight to the tables, for the reports' hand-computed fixtures
// (times in unix seconds; `end` null while it goes on). The wizard's rules are not under test there.
export async function addEventOnService(
  db: Db,
  serviceId: string,
  event: { number: number; type: number; slaType: number; start: number; end: number | null },
) {
  const [row] = await db
    .insert(events)
    .values({
      number: event.number,
      title: `Report fixture ${event.number}`,
      description: 'Report fixture',
      type: event.type,
      slaType: event.slaType,
      startTime: new Date(event.start * 1000),
      endTime: event.end === null ? null : new Date(event.end * 1000),
      initiator: 'NOC',
      approver: 'NOC',
    })
    .returning({ eventId: events.eventId });
  await db.insert(eventServices).values({ eventId: row!.eventId, serviceId });
  return row!.eventId;
}
