import type { UserType } from '@lightpath/domain/user-types';
import type { SessionInfo } from '@lightpath/domain/users';
import { apiRequest } from '../../../lib/api-client';

export function impersonate(input: { customerid: number; usertype: UserType }) {
  return apiRequest<{ session: SessionInfo }>('user/impersonate', { method: 'POST', body: input });
}
