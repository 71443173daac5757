import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseUnavailableMessage, isDatabaseUnavailable, registerErrorHandling } from './error-handler';

// What the pg driver and Drizzle throw when PostgreSQL is away, shaped as they are (the fault script
// scripts/faults/pg-restart.ts produces the real ones against a restarting cluster).
const socketRefused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});
const shuttingDown = Object.assign(new Error('terminating connection due to administrator command'), {
  code: '57P01',
});
const drizzleWrapped = new Error('Failed query: select 1', { cause: shuttingDown });
const connectionLost = new Error('Connection terminated unexpectedly');
const poolTimeout = new Error('timeout exceeded when trying to connect');
const externalRefused = new TypeError('fetch failed', { cause: socketRefused });

async function replyTo(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/fails', async () => {
    throw error;
  });
  const reply = await app.inject({ method: 'GET', url: '/fails' });
  await app.close();
  return reply;
}

describe('a database that is away', () => {
  it.each([
    ['refused connection', socketRefused],
    ['server shutting down, as Drizzle wraps it', drizzleWrapped],
    ['connection lost mid-query', connectionLost],
    ['no pooled connection in time', poolTimeout],
  ])('answers 503 in the envelope with Retry-After: %s', async (_name, error) => {
    const reply = await replyTo(error);
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['retry-after']).toBe('5');
    expect(reply.json()).toEqual({ result: 'Failure', message: databaseUnavailableMessage });
  });

  it('is not an external system refusing a call, nor any other failure: those stay 500', async () => {
    expect(isDatabaseUnavailable(externalRefused)).toBe(false);
    expect(isDatabaseUnavailable(new Error('division by zero'))).toBe(false);
    const reply = await replyTo(externalRefused);
    expect(reply.statusCode).toBe(500);
    expect(reply.headers['retry-after']).toBeUndefined();
  });
});
