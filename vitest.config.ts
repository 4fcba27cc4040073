import { defineConfig } from 'vitest/config'

// Separate from vite.config.ts: the React Router plugin builds the app, tests only import it.
export default defineConfig({
  test: {
    // Each file gets a fresh database (a copy of the run's migrated one: tests/setup/database-template.ts).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // A test file runs in a process of its own, too short-lived for V8's optimising compiler to pay
    // back compiling PGlite's WebAssembly again in each (twelve service files: 65 s with it, 47 without).
    execArgv: ['--liftoff-only'],
    projects: [
      {
        extends: true,
        test: { name: 'service', include: ['app/**/*.test.ts', 'server/**/*.test.ts'], globalSetup: ['tests/setup/database-template.ts'], setupFiles: ['tests/setup/env.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'http',
          include: ['tests/http/**/*.test.ts'],
          // Some tests make a hundred requests (a category's 100 bookmarks, pages of 20) to one
          // server that two test files share: on a loaded 2-core machine that took over 30 s.
          testTimeout: 90_000,
          globalSetup: ['tests/setup/http-server.ts'],
          setupFiles: ['tests/setup/env.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Several app processes, nginx and PostgreSQL (issue 26): after the other projects, alone,
          // so that its timings are not those of a machine also running them.
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 180_000,
          setupFiles: ['tests/setup/env.ts'],
          sequence: { groupOrder: 1 },
          // One file at a time: each runs several servers of its own.
          fileParallelism: false,
        },
      },
    ],
  },
})
