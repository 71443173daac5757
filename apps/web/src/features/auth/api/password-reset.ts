import { noPayload } from '@lightpath/domain/api';
import { apiRequestWithMessage } from '../../../lib/api-client';

// Both are public; the server answers the same for known and unknown addresses.
export async function requestPasswordReset(email: string) {
  return (
    await apiRequestWithMessage('user/passwordreset/request', {
      reply: noPayload,
      method: 'POST',
      body: { email },
      public: true,
    })
  ).message;
}

export async function submitPasswordReset(input: {
  token: string;
  password: string;
  confirmpassword: string;
}) {
  return (
    await apiRequestWithMessage('user/passwordreset/submit', {
      reply: noPayload,
      method: 'POST',
      body: input,
      public: true,
    })
  ).message;
}
