import { vi } from 'vitest';

export type Route = { status?: number; body?: unknown; text?: string };
export type RecordedCall = { url: string; method: string; headers: Record<string, string>; body: unknown };

// A fetch stand-in answering by "METHOD /path" (query string ignored), recording every call.
export function mockFetch(routes: Record<string, Route | ((call: RecordedCall) => Route)>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { url, method, headers, body };
    calls.push(call);
    const key = `${method} ${url.split('?')[0]}`;
    const route = routes[key];
    if (!route)
      return new Response(JSON.stringify({ result: 'Failure', message: `no mock for ${key}` }), {
        status: 404,
      });
    const answer = typeof route === 'function' ? route(call) : route;
    return new Response(answer.text ?? JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
