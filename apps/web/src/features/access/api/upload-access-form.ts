import type { AccessAttachment } from '@lightpath/domain/access';
import type { Envelope, FieldError } from '@lightpath/domain/api';
import { authMessages } from '@lightpath/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { ApiError, buildUrl } from '../../../lib/api-client';
import { clearToken, getToken } from '../../../lib/token-storage';

export type UploadAccessFormInput = { siteid: number; files: readonly File[] };

function fieldErrorsOf(payload: unknown): FieldError[] {
  const errors = (payload as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) ? (errors as FieldError[]) : [];
}

// Spec 7.4: the access form goes up before the request, as multipart/form-data with each file under
// its own field name; the server answers a token per file for the request to name.
//
// apiRequest speaks JSON only, so this call makes its own fetch and mirrors its handling: a 401 ends
// the session (clearing the token sends the app to /login), every other failure is an ApiError with
// the server's message for the wizard to show.
export async function uploadAccessForm({
  siteid,
  files,
}: UploadAccessFormInput): Promise<AccessAttachment[]> {
  const form = new FormData();
  files.forEach((file, index) => {
    form.append(`file${index + 1}`, file, file.name);
  });
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers['X-AUTH-TOKEN'] = token;
  let response: Response;
  try {
    // No Content-Type of our own: the browser sets multipart/form-data with its boundary.
    response = await fetch(buildUrl(`site/${siteid}/access/form`), { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.', {
      fromServer: false,
    });
  }
  let envelope: Envelope<{ attachments: AccessAttachment[] }> | null = null;
  try {
    envelope = await response.json();
  } catch {
    // Not JSON (a proxy's error page): judged by the status below.
  }
  const message = typeof envelope?.message === 'string' ? envelope.message : undefined;
  if (response.status === 401) {
    clearToken();
    throw new ApiError(401, message ?? authMessages.loggedOut, { fromServer: Boolean(message) });
  }
  if (response.ok && envelope?.result === 'Success' && envelope.payload) return envelope.payload.attachments;
  throw new ApiError(response.status, message ?? `The upload failed (${response.status}).`, {
    errors: fieldErrorsOf(envelope?.payload),
    fromServer: Boolean(message),
  });
}

// Nothing to invalidate: an upload is not shown anywhere until a request names it.
export function useUploadAccessForm() {
  return useMutation({ mutationFn: uploadAccessForm });
}
