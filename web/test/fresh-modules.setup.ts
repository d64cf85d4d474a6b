import { vi } from 'vitest';

// Runs before each test file of the `web` project (vitest.config.ts): the file then imports the
// project's own modules anew, with their module-level state (stores, caches, timers) as a page
// load would find it, while React and the other node_modules stay loaded from the file before.
vi.resetModules();
