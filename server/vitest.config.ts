import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    // The contract's own tests (pure functions both sides use) run here, in Node.
    include: [
      'src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
      '../contract/src/**/*.test.ts',
    ],
    environment: 'node',
    // Migrates once per run; each file's database is a copy (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // Each file starts its own database (PGlite in WASM, or a fresh PostgreSQL database): two at a time fit 2 cores.
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: the app, Fastify, drizzle and
    // PGlite are imported once a worker, not once a file (that was a third of the suite's time).
    // Each file still has its own database and app; no server test mocks modules or leaves globals.
    isolate: false,
    // Bounds on waiting, not claims about speed: a 2-core runner at load 15 runs a child process's
    // start-up (tsx, migrations) eight times slower than a quiet one.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
