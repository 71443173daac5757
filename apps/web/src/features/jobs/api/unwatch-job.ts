import { awxWatchListSchema } from '@lightpath/domain/awx';
import { apiRequest } from '../../../lib/api-client';

// DELETE awx/watch/{jobid} removes one job; DELETE awx/watch clears the list. Both answer the list.
export function unwatchJob(jobid: number) {
  return apiRequest(`awx/watch/${jobid}`, { reply: awxWatchListSchema, method: 'DELETE' });
}

export function clearWatchList() {
  return apiRequest('awx/watch', { reply: awxWatchListSchema, method: 'DELETE' });
}
