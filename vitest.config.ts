import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const SERVER_TESTS = 'server/**/*.test.ts';
const WEB_TESTS = ['common/**/*.test.ts', 'scripts/**/*.test.ts', 'web/**/*.test.{ts,tsx}'];

/**
 * Test files that replace a module with `vi.mock`: a mock applies only to a module loaded after it,
 * so these run in a fresh module registry of their own (found by reading the files, so a new one
 * cannot be forgotten).
 */
function filesWithModuleMocks(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    fs
      .readdirSync(path.join(import.meta.dirname, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
      .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?mock\(/.test(fs.readFileSync(file, 'utf8'))),
  );
}

const mocked = filesWithModuleMocks(['server', 'web', 'common', 'scripts']);

// Tests run without the React Router plugin: server tests boot the Fastify app, component tests opt
// into happy-dom with a `// @vitest-environment happy-dom` line.
//
// No test file gets a process of its own (isolate: false); a fresh process per file spent most of
// the run importing React, React Aria and Fastify again. Server files share their worker's modules:
// each still opens its own app and database. Web files start each file with the project's own
// modules loaded anew (web/test/fresh-modules.setup.ts), so app-wide stores (toasts, dialogs, the
// unread counts) begin empty as they would in a new page, while node_modules stay loaded. Every
// core runs a worker: the tests wait on the CPU (PGlite), not on each other.
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
          name: 'web',
          include: WEB_TESTS,
          exclude: mocked,
          isolate: false,
          setupFiles: ['web/test/fresh-modules.setup.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: mocked } },
    ],
  },
});
