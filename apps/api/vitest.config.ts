import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@clinic/shared': path.resolve(import.meta.dirname, '../../packages/shared/src/index.ts') } },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // On the embedded database a worker runs its files one after another in one module graph: each file still gets
    // its own database and server (the harness), but the app's modules are loaded once per worker instead of once
    // per file, which was a third of the suite's time. Module-level state a file changes must be put back by that
    // file. On PostgreSQL (DATABASE_URL) each file keeps a process of its own: there, the events test of an
    // immediate wake-up failed after the notifications tests in the same process, for a cause not yet found.
    isolate: Boolean(process.env.DATABASE_URL),
    // One test file per core. Vitest's own default leaves a core to its main process (one worker on 2 cores), which
    // here only hands out files and collects results: the second core sat idle for the whole suite.
    maxWorkers: os.availableParallelism(),
  },
});
