import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema/platform';

const generatedSecretName = 'server';

// The server's own secret: SERVER_SECRET when set, else one generated at random by the first instance
// to start and kept in the database. Every instance reads the same row, so a cookie one instance signs
// another accepts (decisions.md, Storage and scale). Read once at start-up; it never changes.
async function serverSecret(db: Db, config: Pick<Config, 'serverSecret'>): Promise<string> {
  if (config.serverSecret) return config.serverSecret;
  // Two instances starting together both try; the primary key lets exactly one row in.
  await db
    .insert(serverSecrets)
    .values({ name: generatedSecretName, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, generatedSecretName));
  if (!row) throw new Error('the generated server secret could not be stored');
  return row.value;
}

// A key for one purpose, derived from the server secret, so that a value signed for one purpose can
// never pass as another's.
export async function serverKey(db: Db, config: Pick<Config, 'serverSecret'>, purpose: string) {
  return createHmac('sha256', await serverSecret(db, config))
    .update(purpose)
    .digest();
}
