import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import { svgPaths } from './scripts/svg-paths.mjs'
import { WaitingFirstSequencer } from './tests/setup/sequencer'

const alias = {
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
}

// Projects by file name, so a new test lands in the right one without touching this file
// (docs/testing.md has the measurements behind each choice):
// - client: components render (`*.test.tsx`), in jsdom, each file in a fresh VM context
//   (vmThreads) because the client keeps module state (outbox, session, drafts) a file must not
//   inherit. A VM context in a reused worker thread costs far less than a new thread per file,
//   which re-imported React and MUI each time: 138 s of CPU instead of 201 s for the client
//   projects (docs/testing.md). tests/setup/client.ts gives the contexts Web Crypto.
// - client-logic: hooks-free logic (`src/**/*.test.ts`) in plain Node, which starts in a
//   fraction of jsdom's time; a `.ts` file that needs the DOM (storage, IndexedDB through
//   idb-keyval, renderHook) says so with a `// @vitest-environment jsdom` first line.
// - server: everything that runs in Node (server, contract, sw logic, integration). Its files
//   share a worker (isolate: false), so Fastify, Drizzle, PGlite and zod are imported once per
//   worker instead of once per file; each file still gets its own database (tests/helpers/
//   test-db.ts) and globals/env stubs are undone after every test.
//   It runs on in-memory PGlite, or on PostgreSQL/Redis when TEST_DATABASE_URL /
//   TEST_REDIS_URL are set (scripts/test.mjs runs it both ways).
// A render test clicks and types through React's development build in jsdom: 1-7 s each here
// with the PostgreSQL stage on the same two cores, past Vitest's 5 s default under load. One
// budget for every render file (tests/setup/client.ts sets the matching wait for findBy and
// waitFor), rather than each file guessing its own.
const RENDER_TEST_TIMEOUT_MS = 40_000

// The server suite's second run, on PostgreSQL and Redis (scripts/test.mjs sets
// TEST_SERVICES_ONLY), leaves out the files that never reach either: pure logic, the
// architecture and build checks, the deployment files, and the process tests that start the
// server on its embedded database whatever the environment. The PGlite stage runs them; here
// they only ran again (~300 s of that stage under load, CI 30 November).
const DRIVER_FREE = [
  'contract/**',
  'sw/**',
  'tests/boundaries.test.ts',
  'tests/build/**',
  'tests/ops/deployment-files.test.ts',
  'tests/ops/broken-log.test.ts',
  'server/main.test.ts',
]

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default (cores - 1) leaves one worker on a 2-core machine, which then idles a core
    // while a test waits on a socket, a child process or a timer; the main process is mostly idle.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    sequence: { sequencer: WaitingFirstSequencer },
    projects: [
      {
        resolve: { alias },
        plugins: [svgPaths()],
        test: {
          name: 'client',
          environment: 'jsdom',
          pool: 'vmThreads',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/setup/client.ts'],
          testTimeout: RENDER_TEST_TIMEOUT_MS,
        },
      },
      {
        resolve: { alias },
        plugins: [svgPaths()],
        test: {
          name: 'client-logic',
          environment: 'node',
          pool: 'threads',
          include: ['src/**/*.test.ts'],
          setupFiles: ['tests/setup/client.ts'],
          testTimeout: RENDER_TEST_TIMEOUT_MS,
        },
      },
      {
        resolve: { alias },
        // The landing's pre-render test renders the header's icons (src/ui/svg-icon).
        plugins: [svgPaths()],
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'sw/**/*.test.ts',
            'tests/**/*.test.ts',
          ],
          // The import-rule fixtures include files named *.test.ts (a test may build the app):
          // they are cruised by tests/boundaries.test.ts, never run.
          exclude: [
            ...configDefaults.exclude,
            'tests/fixtures/**',
            ...(process.env.TEST_SERVICES_ONLY ? DRIVER_FREE : []),
          ],
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          globalSetup: ['tests/setup/global-db.ts'],
          setupFiles: ['tests/setup/server.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
})
