import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';
import { operationIdOf } from './openapi';

type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  servers?: { url: string }[];
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
};

let t: TestApp;
let doc: Document;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

// The API reference (issue 12, item 17): what a client needs to call each operation and read its answer.
describe('the OpenAPI document', () => {
  it('documents every API route', () => {
    const documented = t.app.apiRoutes.filter((r) => r.url !== '/api/openapi.json' && r.documented);
    expect(operations.length).toBe(documented.length);
    // Hidden: only the catch-all that refuses an unknown AWX operation with a 400.
    expect(t.app.apiRoutes.filter((r) => !r.documented).map((r) => r.url)).toEqual(['/api/awx/*']);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('GET', '/api/site/:siteid/contacts')).toBe('getSiteContacts');
    expect(operationIdOf('GET', '/api/events/:serviceid')).toBe('getEventsByServiceid');
    expect(operationIdOf('GET', '/api/network-problems')).toBe('getNetworkProblems');
  });

  it('documents the 4xx replies each operation can give, in the envelope', () => {
    for (const { method, path, op } of operations) {
      const label = `${method} ${path}`;
      const statuses = Object.keys(op.responses);
      const guarded = op.security === undefined;
      // Only a public operation without input (GET /api/health) has no failure to document.
      if (guarded || op.requestBody || op.parameters?.length) {
        expect(
          statuses.some((s) => s.startsWith('4')),
          label,
        ).toBe(true);
      }
      if (guarded) expect(statuses, label).toEqual(expect.arrayContaining(['401', '403']));
      if (op.parameters?.some((p) => p.in === 'path')) expect(statuses, label).toContain('404');
      if (op.requestBody || op.parameters?.length) expect(statuses, label).toContain('400');
      for (const status of statuses.filter((s) => s.startsWith('4'))) {
        const reply = op.responses[status]!;
        expect(reply.description, `${label} ${status}`).not.toBe('Default Response');
        expect(JSON.stringify(reply.content?.['application/json']?.schema), `${label} ${status}`).toContain(
          'Failure',
        );
      }
    }
  });

  // The contract (docs/decisions/023): a route without a reply schema would answer whatever its
  // handler returned, unchecked and undocumented.
  it('gives every operation a success reply with its schema', () => {
    for (const { method, path, op } of operations) {
      const label = `${method} ${path}`;
      const successes = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      expect(successes.length, label).toBeGreaterThan(0);
      for (const [status, reply] of successes) {
        const media = Object.values(reply.content ?? {});
        expect(media.length, `${label} ${status}`).toBeGreaterThan(0);
        for (const { schema } of media) expect(schema, `${label} ${status}`).toBeTruthy();
      }
    }
  });

  it('marks the operations that need no token with security []', () => {
    const publicRoutes = t.app.apiRoutes
      .filter((r) => r.permission === null && r.url !== '/api/openapi.json')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(publicRoutes).toEqual(
      expect.arrayContaining(['POST /api/login', 'GET /api/health', 'GET /api/calendar/{file}']),
    );
    for (const { method, path, op } of operations) {
      const isPublic = publicRoutes.includes(`${method} ${path}`);
      expect(op.security, `${method} ${path}`).toEqual(isPublic ? [] : undefined);
    }
    expect(doc.security).toEqual([{ token: [] }]);
  });

  it('names the media types of the calendar, the stream, the downloads and the upload', () => {
    const op = (method: string, path: string) => doc.paths[path]![method]!;
    expect(Object.keys(op('get', '/api/calendar/{file}').responses['200']!.content!)).toEqual([
      'text/calendar',
    ]);
    expect(Object.keys(op('get', '/api/stream').responses['200']!.content!)).toEqual(['text/event-stream']);
    const download = op('get', '/api/ticket/{ticketid}/attachment/{attachmentid}').responses['200']!;
    expect(Object.keys(download.content!)).toEqual(expect.arrayContaining(['application/pdf', 'image/png']));
    expect(Object.keys(download.content!)).not.toContain('application/json');
    // Their failures are still JSON envelopes.
    expect(Object.keys(op('get', '/api/calendar/{file}').responses['404']!.content!)).toEqual([
      'application/json',
    ]);
    expect(Object.keys(op('post', '/api/site/{siteid}/access/form').requestBody!.content)).toEqual([
      'multipart/form-data',
    ]);
  });

  it('names the server', () => {
    expect(doc.servers).toEqual([{ url: t.config.publicUrl, description: expect.any(String) }]);
  });
});
