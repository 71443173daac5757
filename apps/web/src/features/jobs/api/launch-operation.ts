import { type AwxLaunch, type AwxOperation, awxJobSchema } from '@lightpath/domain/awx';
import { apiRequestWithMessage } from '../../../lib/api-client';

// POST awx/{operation}. The key is made once per user action, so a double click or a retry of the same
// launch starts one job.
export async function launchOperation(operation: AwxOperation, launch: AwxLaunch, idempotencyKey: string) {
  const reply = await apiRequestWithMessage(`awx/${operation}`, {
    reply: awxJobSchema,
    method: 'POST',
    body: launch,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return { job: reply.payload, message: reply.message };
}
