import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@clinic/shared': path.resolve(import.meta.dirname, '../../packages/shared/src/index.ts') } },
  test: {
    // On PostgreSQL (DATABASE_URL: CI's second run of this suite) only the files that use a database run again
    // (`*.int.test.ts`); the others (rules, parsers, the folder lock) never open one and already ran on PGlite.
    include: process.env.DATABASE_URL ? ['src/**/*.int.test.ts'] : ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after another in one module graph: each file still gets its own database and
    // server (the harness), but the app's modules are loaded once per worker instead of once per file, which was a
    // third of the suite's time. Module-level state a file changes must be put back by that file.
    isolate: false,
    // One test file per core, and one more. Vitest's own default leaves a core to its main process (one worker on 2
    // cores), which here only hands out files and collects results: the second core sat idle for the whole suite.
    // The extra worker takes up what the files that wait leave idle (servers started and stopped as child
    // processes, a crash and restart, the folder lock's timed rounds): 280 -> 264 s on 2 cores.
    maxWorkers: os.availableParallelism() + 1,
    // A larger young generation: the suite allocates heavily (database answers, app builds), and with V8's default
    // 16 MB semi-space the workers spent a tenth of their time collecting garbage (340 instead of 362 CPU s, 201 -> 191
    // s on 2 cores; the web suite measured no difference).
    execArgv: ['--max-semi-space-size=64'],
  },
});
