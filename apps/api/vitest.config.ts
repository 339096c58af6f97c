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
    // One test file per core. Vitest's own default leaves a core to its main process (one worker on 2 cores), which
    // here only hands out files and collects results: the second core sat idle for the whole suite.
    maxWorkers: os.availableParallelism(),
  },
});
