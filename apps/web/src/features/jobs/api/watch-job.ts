import { awxWatchListSchema } from '@lightpath/domain/awx';
import { apiRequest } from '../../../lib/api-client';

// Adding a job twice keeps it once (the server's rule); the reply is the whole list.
export function watchJob(jobid: number) {
  return apiRequest('awx/watch', { reply: awxWatchListSchema, method: 'POST', body: { jobid } });
}
