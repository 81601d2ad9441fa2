import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** One worker a core (vitest's default leaves one core to its main process, which mostly waits). */
const CORES = availableParallelism();
/**
 * A test's timeout guards against a hang, not against slowness (speed is measured by the benches):
 * `.ci/run` runs the unit, component and API suites side by side, and on a loaded 2-core machine a
 * test takes three times its quiet time (a 4.8 s table test ran out of 15 s in CI).
 */
const HANG_MS = 30_000;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'backend/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          maxWorkers: CORES,
          testTimeout: HANG_MS,
        },
      },
      {
        // The remotes' screens as a user sees them (Testing Library in jsdom), with test mode's canned API answers.
        test: {
          name: 'components',
          include: ['*/src/**/*.test.tsx'],
          exclude: ['**/node_modules/**'],
          environment: 'jsdom',
          maxWorkers: CORES,
          testTimeout: HANG_MS,
        },
      },
      {
        test: {
          name: 'api',
          include: ['backend/**/*.api.test.ts'],
          // One migrated database for the run; each app's database is a copy of it.
          globalSetup: ['backend/test/template-database.ts'],
          // Before every file: the worker's environment as it started (a file's leftovers undone).
          setupFiles: ['backend/test/worker-env.ts'],
          // A worker keeps its imported modules from file to file (the backend and its dependencies):
          // importing them afresh for every file took ~6 s a file, 40 % of the stage. Every file
          // still gets its own database and app; no file mocks modules, and backend/test/worker-env.ts puts
          // back any environment variable a file changed (TZ, NODE_ENV).
          isolate: false,
          // Each file gets its own database (a random name: other runs on the same server never
          // collide) and its own app. Files spend much of their time waiting (for the database,
          // simulated BankID delays, holds running out), so a worker more than the cores keeps
          // them busy; more would crowd the server's 100 connections (16 a pool).
          maxWorkers: CORES + 1,
          testTimeout: HANG_MS,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
