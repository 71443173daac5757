import type { ChangePasswordInput } from '@lightpath/domain/auth';
import { apiRequest } from '../../../lib/api-client';

export function changePassword(input: ChangePasswordInput) {
  return apiRequest<unknown>('user/me/password', { method: 'PUT', body: input });
}
