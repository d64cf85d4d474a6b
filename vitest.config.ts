import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const SERVER_TESTS = 'server/**/*.test.ts';

/**
 * Server test files that replace a module with `vi.mock`: a mock applies only to a module loaded
 * after it, so these run in a fresh module registry of their own (found by reading the files, so a
 * new one cannot be forgotten).
 */
function serverFilesWithModuleMocks(): string[] {
  return fs
    .readdirSync(path.join(import.meta.dirname, 'server'), { recursive: true, encoding: 'utf8' })
    .map((file) => `server/${file.split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.test.ts') && /\bvi\.(do)?mock\(/.test(fs.readFileSync(file, 'utf8')));
}

const mocked = serverFilesWithModuleMocks();

// Tests run without the React Router plugin: server tests boot the Fastify app, component tests opt
// into happy-dom with a `// @vitest-environment happy-dom` line.
//
// Server test files share their worker's module registry (isolate: false): each still opens its own
// app and database, and importing the server once per worker instead of once per file takes about
// 40% off the run. Every core runs a worker: the tests wait on the CPU (PGlite), not on each other.
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    maxWorkers: Math.max(2, os.availableParallelism()),
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
    projects: [
      {
        extends: true,
        test: { name: 'server', include: [SERVER_TESTS], exclude: mocked, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['common/**/*.test.ts', 'scripts/**/*.test.ts', 'web/**/*.test.{ts,tsx}', ...mocked],
        },
      },
    ],
  },
});
