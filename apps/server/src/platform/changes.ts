import type { ChangeTopic } from '@lightpath/domain/live-updates';
import type { DbOrTx } from '../db/client';
import { changeLog } from '../db/schema/platform';

// Call inside the transaction of the change itself, so a rolled-back change announces nothing.
// `customerIds` are the customers whose records changed (before and after, for a record that moved):
// only their streams and the provider's hear of it (docs/decisions/019). None: the provider's alone.
export async function recordChange(
  db: DbOrTx,
  topic: ChangeTopic,
  customerIds: Iterable<number>,
): Promise<void> {
  await db.insert(changeLog).values({ topic, customerIds: [...new Set(customerIds)].sort((a, b) => a - b) });
}
