import type { Scope } from '@lightpath/domain/actor';
import { and, asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { services } from '../../db/schema/inventory';
import { scopeCondition } from '../../platform/scope';

// Only what telemetry needs of a service: its speed, ports and ends. A service itself comes through
// the services area (getServiceFor); ports have no area of their own yet (equipment comes later), so
// the services naming a port are read here, read-only and scoped like every read of customer rows.
export type TelemetryService = {
  serviceid: string;
  type: string;
  status: number;
  speed: string | null;
  aendportid: string | null;
  bendportid: string | null;
  bendsiteid: number | null;
};

const telemetryColumns = {
  serviceid: services.serviceId,
  type: services.typeLetter,
  status: services.status,
  speed: services.speed,
  aendportid: services.aEndPortId,
  bendportid: services.bEndPortId,
  bendsiteid: services.bEndSiteId,
};

// The services that name a port at either end; a port no service names is unknown to the portal.
export async function listServicesOnPort(db: DbOrTx, scope: Scope, portid: string) {
  return db
    .select(telemetryColumns)
    .from(services)
    .where(
      and(
        or(eq(services.aEndPortId, portid), eq(services.bEndPortId, portid)),
        scopeCondition(scope, services.customerId),
      ),
    )
    .orderBy(asc(services.serviceId))
    .limit(50);
}
