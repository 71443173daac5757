import { type LoginInput, loginReplySchema } from '@lightpath/domain/auth';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type LoginReply = z.output<typeof loginReplySchema>;

// Public: a 401 here means wrong credentials, not an ended session.
export function login(input: LoginInput) {
  return apiRequest('login', { reply: loginReplySchema, method: 'POST', body: input, public: true });
}
