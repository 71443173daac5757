import type { CountKey } from '@lightpath/domain/navigation';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from './service-context';

// Sidebar counts: each area that owns a count provides it when its routes register, and
// GET /api/navigation/counts asks them all. The registry belongs to one app instance, so two apps in
// one process (the tests build many) never share or overwrite each other's providers.
export type CountProvider = (ctx: ServiceContext) => Promise<number>;

export type NavigationCounts = {
  provide: (key: CountKey, provider: CountProvider) => void;
  countAll: (ctx: ServiceContext) => Promise<Partial<Record<CountKey, number>>>;
};

declare module 'fastify' {
  interface FastifyInstance {
    navigationCounts: NavigationCounts;
  }
}

export function registerNavigationCounts(app: FastifyInstance) {
  const providers = new Map<CountKey, CountProvider>();
  app.decorate('navigationCounts', {
    provide: (key, provider) => {
      providers.set(key, provider);
    },
    countAll: async (ctx) =>
      Object.fromEntries(
        await Promise.all([...providers].map(async ([key, provider]) => [key, await provider(ctx)] as const)),
      ),
  } satisfies NavigationCounts);
}
