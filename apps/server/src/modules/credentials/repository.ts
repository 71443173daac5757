import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResets, sessions } from '../../db/schema/auth';

// A user's credentials besides the password: sessions and password links. Both the sign-in (auth)
// and the account's changes (users) issue and revoke them, so they sit in an area of their own that
// imports neither.

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function revokeSession(db: DbOrTx, tokenHash: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function setSessionActing(
  db: DbOrTx,
  tokenHash: string,
  acting: { actingCustomerId: number | null; actingType: number | null },
) {
  await db.update(sessions).set(acting).where(eq(sessions.tokenHash, tokenHash));
}

export async function insertPasswordReset(db: DbOrTx, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

export async function countRecentPasswordLinks(db: DbOrTx, userId: number, since: Date) {
  const rows = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  return rows[0]?.n ?? 0;
}

// Every reset or invitation link of the user stops working (after a password or e-mail change).
export async function retirePasswordLinks(db: DbOrTx, userId: number) {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function claimPasswordReset(db: DbOrTx, tokenHash: string) {
  // Marking it used in the same statement that finds it makes a reset link work exactly once.
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return rows[0] ?? null;
}
