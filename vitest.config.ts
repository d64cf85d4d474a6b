import { defineConfig } from 'vitest/config';

// Tests run without the React Router plugin: server tests boot the Fastify app, component
// tests opt into happy-dom with a `// @vitest-environment happy-dom` line.
export default defineConfig({
  test: {
    include: ['common/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
