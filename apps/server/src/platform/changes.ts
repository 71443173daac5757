import type { DbOrTx } from '../db/client';
import { changeLog } from '../db/schema/platform';

// Topics the live stream (GET /api/stream) tells browsers about. A topic names what to refetch, never
// a record, so a customer learns nothing about another customer's changes from the stream.
// tickets covers site access requests and job tickets too: they are tickets.
export const changeTopics = ['events', 'tickets', 'checkins'] as const;
export type ChangeTopic = (typeof changeTopics)[number];

// Call inside the transaction of the change itself, so a rolled-back change announces nothing.
export async function recordChange(db: DbOrTx, topic: ChangeTopic): Promise<void> {
  await db.insert(changeLog).values({ topic });
}
