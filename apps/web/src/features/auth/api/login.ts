import type { LoginInput } from '@lightpath/domain/auth';
import { apiRequest } from '../../../lib/api-client';

export type LoginReply = { token: string; expiresat: number };

// Public: a 401 here means wrong credentials, not an ended session.
export function login(input: LoginInput) {
  return apiRequest<LoginReply>('login', { method: 'POST', body: input, public: true });
}
