import { awxWatchListSchema } from '@lightpath/domain/awx';
import { apiRequest } from '../../../lib/api-client';

// Spec 2.3: the user's watched jobs, newest first. The server keeps the list, so it survives a reload.
export function getWatchList(signal?: AbortSignal) {
  return apiRequest('awx/watch', { reply: awxWatchListSchema, signal });
}

// Not under a key the live stream refreshes: the list refreshes itself only while a watched job is
// ongoing (spec 4, use-watched-jobs.ts), so an idle browser asks for nothing.
export const watchListKey = ['jobs-watch'] as const;
