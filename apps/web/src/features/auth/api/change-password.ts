import { noPayload } from '@lightpath/domain/api';
import type { ChangePasswordInput } from '@lightpath/domain/auth';
import { apiRequest } from '../../../lib/api-client';

export function changePassword(input: ChangePasswordInput) {
  return apiRequest('user/me/password', { reply: noPayload, method: 'PUT', body: input });
}
