// The API log hook's own work per call (docs/decisions/034): recordOf and the writer's add, a million
// times over one signed-in GET /api/user/me, with nothing sent to a database. A figure the on-off pairs
// of run.ts cannot resolve on a 2-core machine, where their noise is a few percent of ~45 µs.
//   npx tsx bench/api-log-hook.ts
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { createApiLogWriter, recordOf } from '../apps/server/src/platform/api-log';

const quietLog = { warn() {}, info() {} } as unknown as FastifyBaseLogger;
const writer = createApiLogWriter(async () => [], quietLog, { flushEveryMs: 3_600_000 });
const request = {
  url: '/api/user/me',
  method: 'GET',
  headers: {
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  },
  ip: '127.0.0.1',
  id: 'req-1',
  signedIn: {
    email: 'noc@meridian.example',
    actor: { userId: 1, customerId: 1, type: 1, impersonating: false },
  },
} as unknown as FastifyRequest;
const reply = { elapsedTime: 0.8123, statusCode: 200 } as unknown as FastifyReply;

const calls = 1_000_000;
for (const round of [1, 2, 3]) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) {
    const record = recordOf(request, reply, Date.now(), '/api/user/me');
    if (record) writer.add(record);
  }
  const nanoseconds = Number(process.hrtime.bigint() - started) / calls;
  console.log(`round ${round}: ${nanoseconds.toFixed(0)} ns a call`);
}
await writer.stop();
