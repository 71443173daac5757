// The Server-Sent Events wire format (WHATWG HTML, "event stream interpretation"), for the stream we read
// with fetch: EventSource cannot send the X-AUTH-TOKEN header. Chunks arrive cut anywhere, so a line
// is only read once its end has arrived.

export type SseMessage = { event: string; data: string };

export type SseParser = {
  // Feeds decoded text; returns the messages completed by it, in order.
  push: (chunk: string) => SseMessage[];
  // The server's reconnection delay (`retry:`), once it has sent one.
  retryMs: () => number | null;
};

export function createSseParser(): SseParser {
  let buffer = '';
  let atStart = true;
  // A chunk ended in '\r': a '\n' opening the next chunk belongs to the same line break.
  let pendingCarriageReturn = false;
  let eventName = '';
  let dataLines: string[] = [];
  let retry: number | null = null;

  function readLine(line: string, out: SseMessage[]) {
    if (line === '') {
      // A blank line ends a message; one without data is dropped, as EventSource does.
      if (dataLines.length > 0) out.push({ event: eventName || 'message', data: dataLines.join('\n') });
      eventName = '';
      dataLines = [];
      return;
    }
    // Comments (': ping') only keep the connection alive.
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
    // 'id' and unknown fields: nothing here needs them.
  }

  return {
    push(chunk) {
      let text = chunk;
      if (pendingCarriageReturn && text.startsWith('\n')) text = text.slice(1);
      pendingCarriageReturn = false;
      if (atStart && text.length > 0) {
        if (text.startsWith('\uFEFF')) text = text.slice(1);
        atStart = false;
      }
      buffer += text;
      const out: SseMessage[] = [];
      let lineStart = 0;
      for (let index = 0; index < buffer.length; index++) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        readLine(buffer.slice(lineStart, index), out);
        if (char === '\r') {
          if (index + 1 === buffer.length) pendingCarriageReturn = true;
          else if (buffer[index + 1] === '\n') index++;
        }
        lineStart = index + 1;
      }
      buffer = buffer.slice(lineStart);
      return out;
    },
    retryMs: () => retry,
  };
}
