import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LiveStreamHandlers, openLiveStream } from './live-stream';

// A stand-in for the server's side of one connection: the test writes chunks and ends or breaks it.
type Connection = {
  url: string;
  headers: Record<string, string>;
  send: (text: string) => void;
  end: () => void;
  aborted: () => boolean;
};

function fakeServer(status = 200) {
  const connections: Connection[] = [];
  let nextStatus = status;
  const fetchStream = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const signal = init?.signal;
    let aborted = false;
    signal?.addEventListener('abort', () => {
      aborted = true;
      try {
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      } catch {}
    });
    connections.push({
      url: String(input),
      headers: init?.headers as Record<string, string>,
      send: (text) => controller.enqueue(new TextEncoder().encode(text)),
      end: () => controller.close(),
      aborted: () => aborted,
    });
    if (nextStatus !== 200) {
      return new Response(JSON.stringify({ result: 'Failure', message: 'no' }), { status: nextStatus });
    }
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    connections,
    fetchStream: fetchStream as unknown as typeof fetch,
    answer: (next: number) => {
      nextStatus = next;
    },
  };
}

function recordingHandlers() {
  const seen: string[] = [];
  const handlers: LiveStreamHandlers = {
    onReady: () => seen.push('ready'),
    onChange: (topics) => seen.push(`change:${topics.join(',')}`),
    onDown: () => seen.push('down'),
    onUnauthorized: () => seen.push('unauthorized'),
  };
  return { seen, handlers };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('openLiveStream', () => {
  it('connects with the session token and reports ready and changes', async () => {
    const server = fakeServer();
    const { seen, handlers } = recordingHandlers();
    const stream = openLiveStream(handlers, { fetch: server.fetchStream, getToken: () => 'token-1' });
    await settle();
    const [connection] = server.connections;
    expect(connection?.url).toBe('/api/stream');
    expect(connection?.headers).toMatchObject({ 'X-AUTH-TOKEN': 'token-1', Accept: 'text/event-stream' });
    connection!.send('retry: 5000\nevent: ready\ndata: {}\n\n: ping\n\nevent: change\ndata: {"topics":["ev');
    await settle();
    connection!.send('ents"]}\n\nevent: change\ndata: not json\n\n');
    await settle();
    expect(seen).toEqual(['ready', 'change:events']);
    stream.stop();
  });

  it('does not connect without a token', async () => {
    const server = fakeServer();
    const { handlers } = recordingHandlers();
    openLiveStream(handlers, { fetch: server.fetchStream, getToken: () => null });
    await settle();
    expect(server.connections).toHaveLength(0);
  });

  it('reconnects after a drop, waiting longer after each failure, and starts over once ready', async () => {
    const server = fakeServer();
    const { seen, handlers } = recordingHandlers();
    // random() = 1: the longest wait of each step, so the timing is exact.
    const stream = openLiveStream(handlers, {
      fetch: server.fetchStream,
      getToken: () => 't',
      initialDelayMs: 1_000,
      random: () => 1,
    });
    await settle();
    server.connections[0]!.end();
    await settle();
    expect(seen).toEqual(['down']);

    await vi.advanceTimersByTimeAsync(999);
    expect(server.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.connections).toHaveLength(2);

    server.connections[1]!.end();
    await settle();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(server.connections).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.connections).toHaveLength(3);

    // A good connection resets the backoff; the server's retry (5 s) is the wait from then on.
    server.connections[2]!.send('retry: 5000\nevent: ready\ndata: {}\n\n');
    await settle();
    server.connections[2]!.end();
    await settle();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(server.connections).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.connections).toHaveLength(4);
    expect(seen).toEqual(['down', 'down', 'ready', 'down']);
    stream.stop();
  });

  it('spreads reconnects out with jitter and caps the wait', async () => {
    const server = fakeServer(503);
    const { handlers } = recordingHandlers();
    const stream = openLiveStream(handlers, {
      fetch: server.fetchStream,
      getToken: () => 't',
      initialDelayMs: 1_000,
      maxDelayMs: 4_000,
      random: () => 0,
    });
    await settle();
    // Half of 1 s, 2 s, 4 s, then 4 s again (the cap).
    for (const wait of [500, 1_000, 2_000, 2_000]) {
      const before = server.connections.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(server.connections).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.connections).toHaveLength(before + 1);
    }
    stream.stop();
  });

  it('reports a 401 and keeps trying in case the session is still there', async () => {
    const server = fakeServer(401);
    const { seen, handlers } = recordingHandlers();
    const stream = openLiveStream(handlers, {
      fetch: server.fetchStream,
      getToken: () => 't',
      random: () => 1,
    });
    await settle();
    expect(seen).toEqual(['down', 'unauthorized']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.connections).toHaveLength(2);
    stream.stop();
  });

  it('drops a connection that has gone silent and connects again', async () => {
    const server = fakeServer();
    const { seen, handlers } = recordingHandlers();
    const stream = openLiveStream(handlers, {
      fetch: server.fetchStream,
      getToken: () => 't',
      idleTimeoutMs: 45_000,
      random: () => 1,
    });
    await settle();
    server.connections[0]!.send('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(30_000);
    // A ping is a sign of life.
    server.connections[0]!.send(': ping\n\n');
    await vi.advanceTimersByTimeAsync(44_999);
    expect(server.connections[0]!.aborted()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.connections[0]!.aborted()).toBe(true);
    expect(seen).toEqual(['ready', 'down']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.connections).toHaveLength(2);
    stream.stop();
  });

  it('stops for good: the connection is closed and nothing reconnects', async () => {
    const server = fakeServer();
    const { seen, handlers } = recordingHandlers();
    const stream = openLiveStream(handlers, { fetch: server.fetchStream, getToken: () => 't' });
    await settle();
    stream.stop();
    await settle();
    expect(server.connections[0]!.aborted()).toBe(true);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(server.connections).toHaveLength(1);
    expect(seen).toEqual([]);
  });

  it('restarts at once with the current token', async () => {
    const server = fakeServer();
    const { handlers } = recordingHandlers();
    let token = 'first';
    const stream = openLiveStream(handlers, { fetch: server.fetchStream, getToken: () => token });
    await settle();
    token = 'second';
    stream.restart();
    await settle();
    expect(server.connections[0]!.aborted()).toBe(true);
    expect(server.connections[1]!.headers['X-AUTH-TOKEN']).toBe('second');
    stream.stop();
  });
});
