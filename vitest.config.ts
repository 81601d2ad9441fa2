import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'backend/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        // The remotes' screens as a user sees them (Testing Library in jsdom), with test mode's canned API answers.
        test: {
          name: 'components',
          include: ['*/src/**/*.test.tsx'],
          exclude: ['**/node_modules/**'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'api',
          include: ['backend/**/*.api.test.ts'],
          // Each file gets its own database; a couple of files at a time keeps two cores responsive.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
