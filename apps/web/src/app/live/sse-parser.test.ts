import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

function feed(chunks: string[]) {
  const parser = createSseParser();
  return { messages: chunks.flatMap((chunk) => parser.push(chunk)), parser };
}

describe('createSseParser', () => {
  it('reads the stream the server sends', () => {
    const { messages, parser } = feed([
      'retry: 5000\nevent: ready\ndata: {}\n\n',
      ': ping\n\n',
      'event: change\ndata: {"topics":["events"]}\n\n',
    ]);
    expect(messages).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'change', data: '{"topics":["events"]}' },
    ]);
    expect(parser.retryMs()).toBe(5000);
  });

  it('waits for the rest of a line cut between chunks', () => {
    const parser = createSseParser();
    expect(parser.push('event: cha')).toEqual([]);
    expect(parser.push('nge\ndata: {"top')).toEqual([]);
    expect(parser.push('ics":["events"]}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'change', data: '{"topics":["events"]}' }]);
  });

  it('returns every message of a chunk that holds several, in order', () => {
    const { messages } = feed([
      'event: change\ndata: {"topics":["a"]}\n\nevent: change\ndata: {"topics":["b"]}\n\nevent: ch',
      'ange\ndata: {"topics":["c"]}\n\n',
    ]);
    expect(messages.map((m) => m.data)).toEqual(['{"topics":["a"]}', '{"topics":["b"]}', '{"topics":["c"]}']);
  });

  it('ignores comments, wherever they fall', () => {
    const { messages } = feed([
      ': ping\n\n:hello\nevent: change\n: mid-message\ndata: x\n\n',
      ': pi',
      'ng\n\n',
    ]);
    expect(messages).toEqual([{ event: 'change', data: 'x' }]);
  });

  it('treats CRLF and CR as line ends, even when a CRLF is cut in two', () => {
    const { messages } = feed(['event: change\r\ndata: one\r', '\n\r', '\ndata: two\r\rdata: three\n\n']);
    expect(messages).toEqual([
      { event: 'change', data: 'one' },
      { event: 'message', data: 'two' },
      { event: 'message', data: 'three' },
    ]);
  });

  it('joins several data lines, strips one leading space, and names unnamed events message', () => {
    const { messages } = feed(['data:first\ndata:  second\ndata\n\n']);
    expect(messages).toEqual([{ event: 'message', data: 'first\n second\n' }]);
  });

  it('drops a message without data, resets the name after each message, and skips a BOM', () => {
    const { messages } = feed(['\uFEFFevent: lonely\n\n', 'data: plain\n\n']);
    expect(messages).toEqual([{ event: 'message', data: 'plain' }]);
  });

  it('keeps a half-received message until its blank line arrives', () => {
    const parser = createSseParser();
    expect(parser.push('event: change\ndata: {}\n')).toEqual([]);
    expect(parser.push('\n')).toHaveLength(1);
  });

  it('ignores a retry that is not a number', () => {
    const { parser } = feed(['retry: soon\n\n']);
    expect(parser.retryMs()).toBeNull();
  });
});
