import { defineConfig } from 'vitest/config';

// One Vitest run covers three projects: pure domain rules, the API (against a real database) and
// web components. `npm test` runs the server project twice: on PGlite and on PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Each file builds its own app on its own database, so the server's modules can be imported
          // once per worker instead of once per file (about 40 s of imports per run).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom and one module graph per worker, not per file: see apps/web/src/test/setup.ts.
          isolate: false,
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
        esbuild: { jsx: 'automatic' },
      },
    ],
  },
});
