import { buildUrl } from '../../lib/api-client';
import { getToken } from '../../lib/token-storage';
import { createSseParser, type SseMessage } from './sse-parser';

// GET /api/stream read over fetch, because EventSource cannot send the X-AUTH-TOKEN header. It keeps
// itself connected: after a failure it waits (exponential backoff with jitter, so a restarted server is
// not hit by every browser at the same moment) and tries again, until stopped.

export type LiveStreamHandlers = {
  // The server said `ready`: from now on every change reaches onChange.
  onReady: () => void;
  onChange: (topics: string[]) => void;
  // The stream failed or ended; a reconnect is scheduled.
  onDown: () => void;
  // The server answered 401: the session is over (a reconnect is still scheduled, in case it was not).
  onUnauthorized: () => void;
};

export type LiveStreamOptions = {
  fetch?: typeof fetch;
  getToken?: () => string | null;
  // The first wait after a failure, before the server has said how long to wait (`retry:`).
  initialDelayMs?: number;
  maxDelayMs?: number;
  // The server sends a comment every 20 s; silence for this long means the connection is dead even
  // if the socket has not noticed (a proxy or a sleeping laptop dropped it).
  idleTimeoutMs?: number;
  random?: () => number;
};

export type LiveStream = {
  stop: () => void;
  // Drops the current connection and connects again at once (the signed-in user changed).
  restart: () => void;
};

export const liveStreamDefaults = { initialDelayMs: 1_000, maxDelayMs: 60_000, idleTimeoutMs: 45_000 };

export function openLiveStream(handlers: LiveStreamHandlers, options: LiveStreamOptions = {}): LiveStream {
  const fetchStream = options.fetch ?? ((input, init) => fetch(input, init));
  const tokenOf = options.getToken ?? getToken;
  const initialDelayMs = options.initialDelayMs ?? liveStreamDefaults.initialDelayMs;
  const maxDelayMs = options.maxDelayMs ?? liveStreamDefaults.maxDelayMs;
  const idleTimeoutMs = options.idleTimeoutMs ?? liveStreamDefaults.idleTimeoutMs;
  const random = options.random ?? Math.random;

  let stopped = false;
  // Bumped for every connection, so the callbacks of an abandoned one do nothing.
  let generation = 0;
  let failures = 0;
  let serverRetryMs: number | null = null;
  let controller: AbortController | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function watchIdle(connection: AbortController) {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => connection.abort(), idleTimeoutMs);
  }

  function dispatch(message: SseMessage) {
    if (message.event === 'ready') {
      failures = 0;
      handlers.onReady();
    } else if (message.event === 'change') {
      let topics: unknown;
      try {
        topics = (JSON.parse(message.data) as { topics?: unknown }).topics;
      } catch {
        return;
      }
      if (Array.isArray(topics)) handlers.onChange(topics.filter((t): t is string => typeof t === 'string'));
    }
  }

  async function connect() {
    const run = ++generation;
    const token = tokenOf();
    // Signed out: the layout that owns the stream is going away.
    if (!token) return;
    const connection = new AbortController();
    controller = connection;
    watchIdle(connection);
    let unauthorized = false;
    try {
      const response = await fetchStream(buildUrl('stream'), {
        headers: { Accept: 'text/event-stream', 'X-AUTH-TOKEN': token },
        cache: 'no-store',
        signal: connection.signal,
      });
      if (response.status === 401) {
        unauthorized = true;
      } else if (response.ok && response.body) {
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        const parser = createSseParser();
        for (;;) {
          const { value, done } = await reader.read();
          if (done || run !== generation) break;
          watchIdle(connection);
          for (const message of parser.push(decoder.decode(value, { stream: true }))) {
            if (run !== generation) break;
            dispatch(message);
          }
          serverRetryMs = parser.retryMs() ?? serverRetryMs;
        }
      } else {
        await response.body?.cancel().catch(() => undefined);
      }
    } catch {
      // Network failure, abort or idle timeout: all mean "reconnect".
    }
    if (run !== generation || stopped) return;
    connection.abort();
    clearTimeout(idleTimer);
    handlers.onDown();
    if (unauthorized) handlers.onUnauthorized();
    scheduleReconnect();
  }

  function scheduleReconnect() {
    const base = Math.max(initialDelayMs, serverRetryMs ?? 0);
    const ceiling = Math.min(maxDelayMs, base * 2 ** Math.min(failures, 16));
    failures++;
    // Between half and all of the ceiling: spread out, never immediate.
    const delay = ceiling / 2 + (random() * ceiling) / 2;
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => void connect(), delay);
  }

  function halt() {
    generation++;
    clearTimeout(reconnectTimer);
    clearTimeout(idleTimer);
    controller?.abort();
    controller = null;
  }

  void connect();

  return {
    stop() {
      stopped = true;
      halt();
    },
    restart() {
      if (stopped) return;
      halt();
      failures = 0;
      void connect();
    },
  };
}
