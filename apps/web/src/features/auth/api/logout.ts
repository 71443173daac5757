import { noPayload } from '@lightpath/domain/api';
import { apiRequest } from '../../../lib/api-client';

export function logout() {
  return apiRequest('logout', { reply: noPayload, method: 'POST' });
}
