import type { Envelope, FieldError } from '@lightpath/domain/api';
import { z } from 'zod';
import { clearToken, getToken } from './token-storage';

export const apiBase = '/api/';

// Everything that is not a successful envelope ends up as one of these, so callers can show
// `message` and put `errors` on form fields.
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  // 401 and 403 are already dealt with centrally (logout, warning toast); callers should not toast again.
  readonly handled: boolean;
  // False when `message` is our own stand-in (no envelope message); screens then prefer their wording.
  readonly fromServer: boolean;

  constructor(
    status: number,
    message: string,
    options: { errors?: FieldError[]; handled?: boolean; fromServer?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = options.errors ?? [];
    this.handled = options.handled ?? false;
    this.fromServer = options.fromServer ?? true;
  }
}

type SessionHandlers = {
  // The session is gone (401): the app empties its cache, tells the user and goes to /login.
  onUnauthorized: () => void;
  // Signed in but not allowed (403): the user stays signed in and sees the server's reason.
  onForbidden: (message: string) => void;
};

let handlers: SessionHandlers = { onUnauthorized: () => {}, onForbidden: () => {} };

export function configureApiClient(next: SessionHandlers): void {
  handlers = next;
}

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  // Login answers 401 for bad credentials; that must not be read as "your session ended".
  public?: boolean;
  // For calls whose 403 the screen explains itself, so no toast on top.
  quietForbidden?: boolean;
  // Extra request headers, e.g. an Idempotency-Key that makes a retried write happen once.
  headers?: Record<string, string>;
};

// A call names the domain schema of its reply's payload (docs/decisions/023); the reply's type is that
// schema's output, so no reply shape is written again in the web.
export type ReplyOptions<S extends z.ZodType> = RequestOptions & { reply: S };

// A reply outside its schema, caught in development and in the unit tests (see `checksReplies`).
export class ReplyDrift extends Error {
  constructor(path: string, error: z.ZodError) {
    super(`${path} answered outside its reply schema: ${z.prettifyError(error)}`);
    this.name = 'ReplyDrift';
  }
}

// Replies are parsed with their schema in development and under test, so a drift between the server,
// a test's fixture and the contract fails loudly there. A production build trusts the payload as it is:
// the server's own tests already parse every reply, and a harmless drift (an extra enum value a screen
// never reads) must not blank a page for a customer. Reply schemas carry no transforms, so the parsed
// and the unparsed payload are the same value.
const checksReplies = import.meta.env.DEV;

// Every drift met since the last look, for the unit tests' set-up (test/setup.ts): a test in which any
// reply left its schema fails, even when the screen under test never needed that reply.
const driftsSeen: string[] = [];
export function takeReplyDrifts(): string[] {
  return driftsSeen.splice(0);
}

export function checkedPayload<S extends z.ZodType>(path: string, reply: S, payload: unknown): z.output<S> {
  if (!checksReplies) return payload as z.output<S>;
  const parsed = reply.safeParse(payload);
  if (!parsed.success) {
    const drift = new ReplyDrift(path, parsed.error);
    // A screen shows only "Something unexpected went wrong"; the console says which field drifted.
    console.error(drift.message);
    driftsSeen.push(drift.message);
    throw drift;
  }
  return parsed.data;
}

export type ApiReply<T> = { payload: T; message: string | undefined };

const forbiddenFallback = 'You are not allowed to do that.';

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${apiBase}${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'result' in value;
}

function fieldErrorsOf(payload: unknown): FieldError[] {
  if (typeof payload !== 'object' || payload === null || !('errors' in payload)) return [];
  const { errors } = payload as { errors: unknown };
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is FieldError =>
      typeof e === 'object' && e !== null && typeof e.path === 'string' && typeof e.message === 'string',
  );
}

function fallbackMessage(status: number): string {
  if (status === 0) return 'The server could not be reached. Check your connection and try again.';
  if (status === 404) return 'Not found.';
  if (status === 413) return 'That is too large to upload.';
  if (status === 429) return 'Too many requests. Wait a moment and try again.';
  if (status >= 500) return 'The server had a problem. Try again in a moment.';
  return `The request failed (${status}).`;
}

export async function apiRequestWithMessage<S extends z.ZodType>(
  path: string,
  options: ReplyOptions<S>,
): Promise<ApiReply<z.output<S>>> {
  const { payload, message } = await fetchReply(path, options);
  return { payload: checkedPayload(path, options.reply, payload), message };
}

async function fetchReply(path: string, options: RequestOptions): Promise<ApiReply<unknown>> {
  const { method = 'GET', query, body, signal } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const token = options.public ? null : getToken();
  if (token) headers['X-AUTH-TOKEN'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, fallbackMessage(0), { fromServer: false });
  }
  return readReply(response, options);
}

// The envelope of a reply: its payload and message on success, else the ApiError it stands for (a
// 401 also signs out, a 403 is told unless the caller asked for quiet).
async function readReply(response: Response, options: RequestOptions): Promise<ApiReply<unknown>> {
  let envelope: unknown = null;
  try {
    envelope = await response.json();
  } catch {
    // Not JSON (a proxy error page, an empty 204): judged by the status alone below.
  }
  const message = isEnvelope(envelope) && typeof envelope.message === 'string' ? envelope.message : undefined;

  if (response.status === 401 && !options.public) {
    clearToken();
    handlers.onUnauthorized();
    throw new ApiError(401, message ?? 'Your session has ended.', {
      handled: true,
      fromServer: Boolean(message),
    });
  }
  if (response.status === 403) {
    if (!options.quietForbidden) handlers.onForbidden(message ?? forbiddenFallback);
    throw new ApiError(403, message ?? forbiddenFallback, {
      handled: !options.quietForbidden,
      fromServer: Boolean(message),
    });
  }

  // Success is the envelope saying so, never the status code alone (spec 5: "only when Success").
  if (response.ok && isEnvelope(envelope) && envelope.result === 'Success') {
    return { payload: envelope.payload, message };
  }
  const errors = isEnvelope(envelope) ? fieldErrorsOf(envelope.payload) : [];
  throw new ApiError(response.status, message ?? fallbackMessage(response.status), {
    errors,
    fromServer: Boolean(message),
  });
}

// A form with files (multipart/form-data): the browser sets the type with its boundary. The reply
// is read like any other (401 signs out, 403 is told, a failure carries the server's field errors).
export async function apiUpload<S extends z.ZodType>(
  path: string,
  options: { form: FormData; reply: S },
): Promise<ApiReply<z.output<S>>> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(path), {
      method: 'POST',
      headers: { Accept: 'application/json', ...(token ? { 'X-AUTH-TOKEN': token } : {}) },
      body: options.form,
    });
  } catch {
    throw new ApiError(0, fallbackMessage(0), { fromServer: false });
  }
  const { payload, message } = await readReply(response, {});
  return { payload: checkedPayload(path, options.reply, payload), message };
}

// A file from the API (a ticket's attachment): its bytes on success; a refusal is an envelope and is
// reported like any other reply's.
export async function apiDownload(path: string, query?: Record<string, QueryValue>): Promise<Blob> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers: token ? { 'X-AUTH-TOKEN': token } : {} });
  } catch {
    throw new ApiError(0, fallbackMessage(0), { fromServer: false });
  }
  if (response.ok) return response.blob();
  await readReply(response, {});
  throw new ApiError(response.status, fallbackMessage(response.status), { fromServer: false });
}

export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: ReplyOptions<S>,
): Promise<z.output<S>> {
  return (await apiRequestWithMessage(path, options)).payload;
}

// The message to show for a failure: the server's when it gave one, else the screen's default.
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.fromServer || error.status === 0)) return error.message;
  return fallback;
}

// For load failures shown on a page: always something readable, the server's words when it gave some.
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something unexpected went wrong.';
}

// 401/403 already produced their own feedback; anything else still needs a toast from the caller.
export function needsToast(error: unknown): boolean {
  return !(error instanceof ApiError && error.handled);
}
