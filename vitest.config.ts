import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = {
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
}

// Two projects: the client (jsdom) and everything that runs in Node (server, contract, sw logic).
// The server project runs on in-memory PGlite, or on PostgreSQL/Redis when TEST_DATABASE_URL /
// TEST_REDIS_URL are set (scripts/test.mjs runs it both ways).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/client.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'sw/**/*.test.ts',
            'tests/**/*.test.ts',
          ],
          globalSetup: ['tests/setup/global-db.ts'],
          setupFiles: ['tests/setup/server.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
})
