import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/platform';
import { buildTestApp, type TestApp } from '../test/helper';
import { deliverQueuedEmail, queueEmail, smtpTransport } from './outbox';

// The real SMTP client (nodemailer) against a real SMTP server on loopback.
let t: TestApp;
let smtp: SMTPServer;
let port: number;
const received: { to: string; body: string }[] = [];
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await buildTestApp();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let body = '';
      stream.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t.close();
});

describe('outbox', () => {
  it('delivers each queued e-mail once, even with two dispatchers racing', async () => {
    const db = t.database.db;
    await db.delete(outbox);
    for (const n of [1, 2, 3]) {
      await queueEmail(db, log, {
        to: `person${n}@example.org`,
        subject: `Hello ${n}`,
        body: `Message ${n}`,
      });
    }
    // A retried request with the same dedupe key queues nothing new.
    await queueEmail(db, log, {
      to: 'once@example.org',
      subject: 'Once',
      body: 'Once',
      dedupeKey: 'event-1:once',
    });
    await queueEmail(db, log, {
      to: 'once@example.org',
      subject: 'Once',
      body: 'Once',
      dedupeKey: 'event-1:once',
    });

    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const from = 'Lightpath <noc@meridian.example>';
    const [a, b] = await Promise.all([
      deliverQueuedEmail(db, transport, from, log),
      deliverQueuedEmail(db, transport, from, log),
    ]);
    expect(a + b).toBe(4);
    expect(received.map((r) => r.to).sort()).toEqual([
      'once@example.org',
      'person1@example.org',
      'person2@example.org',
      'person3@example.org',
    ]);
    expect(received.find((r) => r.to === 'person2@example.org')?.body).toContain('Message 2');
    const rows = await db.select().from(outbox);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
    expect(await deliverQueuedEmail(db, transport, from, log)).toBe(0);
  });

  it('keeps a subject on one line, whatever its text held: no header can be smuggled in', async () => {
    const db = t.database.db;
    await queueEmail(db, log, {
      to: 'reader@example.org',
      subject: 'Works tonight\r\nBcc: everyone@example.org\nX-Injected: 1',
      body: 'Hello',
    });
    const [row] = await db.select().from(outbox).where(eq(outbox.recipient, 'reader@example.org'));
    expect(row!.subject).toBe('Works tonight Bcc: everyone@example.org X-Injected: 1');
    const before = received.length;
    await deliverQueuedEmail(db, smtpTransport(`smtp://127.0.0.1:${port}`), 'x@example.org', log);
    const message = received.slice(before).find((m) => m.to === 'reader@example.org');
    expect(message).toBeDefined();
    expect(message!.body).not.toMatch(/^(Bcc|X-Injected):/im);
  });

  it('keeps a message unsent with the reason when the server refuses it, and retries later', async () => {
    const db = t.database.db;
    await queueEmail(db, log, { to: 'unlucky@example.org', subject: 'Retry', body: 'Retry me' });
    const broken = smtpTransport('smtp://127.0.0.1:1');
    expect(await deliverQueuedEmail(db, broken, 'x@example.org', log)).toBe(0);
    const [row] = await db.select().from(outbox).where(eq(outbox.recipient, 'unlucky@example.org'));
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    // The lease keeps it from being retried at once; once it expires, a working server delivers it.
    const working = smtpTransport(`smtp://127.0.0.1:${port}`);
    expect(await deliverQueuedEmail(db, working, 'x@example.org', log)).toBe(0);
    await db
      .update(outbox)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, row!.id));
    expect(await deliverQueuedEmail(db, working, 'x@example.org', log)).toBe(1);
  });
});
