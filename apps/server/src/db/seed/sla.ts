import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rowsOf } from '../statements';

// Issue 17: contracted SLA targets (docs/decisions/037). One service in twelve has a contract naming
// its own target, 99.95% or, one in twenty-four, 99.99%; the rest keep their type's standard. Chosen
// from a hash of the service id rather than random draws, so every earlier area's data stays as it was
// and the same services are contracted at every scale.
export async function seedSlaTargets(db: Db) {
  const result = await db.execute(sql`
    update services
    set sla_target = case when abs(hashtext(service_id)) % 24 = 0 then 99.99 else 99.95 end
    where abs(hashtext(service_id)) % 12 = 0
    returning 1`);
  return { contractedTargets: rowsOf(result).length };
}
