import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against a running production server (started by scripts/e2e.mjs, which sets
// E2E_BASE_URL). Standalone on purpose: no React Router plugin from vite.config.ts and no
// server globalSetup from the unit-test config.
export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    setupFiles: ['e2e/page-errors.setup.ts'],
    environment: 'node',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
