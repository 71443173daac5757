import type { UserType } from '@lightpath/domain/user-types';
import { sessionReplySchema } from '@lightpath/domain/users';
import { apiRequest } from '../../../lib/api-client';

export function impersonate(input: { customerid: number; usertype: UserType }) {
  return apiRequest('user/impersonate', { reply: sessionReplySchema, method: 'POST', body: input });
}
