import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema/platform';
import type { PublicContext, ServiceContext } from './service-context';

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: Record<string, unknown>;
};

// Fields that must never reach the audit trail, whatever a caller passes in `detail`.
const secretFields = new Set(['password', 'currentpassword', 'confirmpassword', 'token', 'passwordHash']);

function withoutSecrets(detail: Record<string, unknown> | undefined) {
  if (!detail) return null;
  return Object.fromEntries(Object.entries(detail).filter(([key]) => !secretFields.has(key)));
}

// Who wrote, and from where: the caller's part of the service context.
export type AuditWitness = Pick<ServiceContext | PublicContext, 'caller' | 'clientIp'>;

// Written in the same transaction as the change, with the real user even while impersonating. At
// sign-in there is no session yet, so the caller names the user.
export async function recordAudit(
  db: DbOrTx,
  ctx: AuditWitness,
  entry: AuditEntry,
  actor?: { userId: number; email: string },
) {
  const who = ctx.caller;
  await db.insert(auditLog).values({
    actorUserId: actor?.userId ?? who?.actor.userId ?? null,
    actorEmail: actor?.email ?? who?.email ?? null,
    actingCustomerId: who?.actor.customerId ?? null,
    actingType: who?.actor.type ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    detail: withoutSecrets(entry.detail),
    ip: ctx.clientIp,
  });
}
