import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedSerializerCompiler, serializerCompiler } from './serializer';

const replySchema = z.object({ siteid: z.number(), sitename: z.string() });

async function appAnswering(compiler: typeof serializerCompiler, reply: unknown) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(compiler);
  const routes: FastifyPluginAsyncZod = async (instance) => {
    // The handler's value is deliberately outside the schema's type: drift is what is tested.
    instance.get('/site', { schema: { response: { 200: replySchema } } }, async () => reply as never);
  };
  await app.register(routes);
  return app;
}

describe('replies under test are checked against their schema', () => {
  it('passes a reply that keeps to its schema, without the fields the schema does not name', async () => {
    const app = await appAnswering(checkedSerializerCompiler, { siteid: 7, sitename: 'Hub', secret: 'x' });
    const reply = await app.inject({ method: 'GET', url: '/site' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ siteid: 7, sitename: 'Hub' });
  });

  it('fails a reply that drifts: a field of the wrong type, or one missing', async () => {
    for (const drifted of [{ siteid: '7', sitename: 'Hub' }, { siteid: 7 }]) {
      const app = await appAnswering(checkedSerializerCompiler, drifted);
      const reply = await app.inject({ method: 'GET', url: '/site' });
      expect(reply.statusCode, JSON.stringify(drifted)).toBe(500);
    }
  });

  it('is needed: the production serialiser sends a mistyped field coerced, without a word', async () => {
    const app = await appAnswering(serializerCompiler, { siteid: '7', sitename: 'Hub' });
    const reply = await app.inject({ method: 'GET', url: '/site' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ siteid: 7, sitename: 'Hub' });
  });
});
