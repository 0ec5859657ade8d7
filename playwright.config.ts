import { defineConfig } from 'playwright/test'
import { chromiumArgs, chromiumPath } from './e2e/support/chromium'

const ci = Boolean(process.env.CI)

// Lets context.route see (and abort) the service worker's own requests, so "offline" is
// offline for the SW too (see e2e/fixtures/network.ts). Playwright 1.65 reports SW traffic by
// default; the flag keeps older runners honest.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1'

export default defineConfig({
  testDir: 'e2e',
  // The built app (dist/server/main.js) on a free port; see e2e/global-setup.ts.
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: ci,
  // A failure is fixed at its cause (docs/testing.md), never retried into green.
  retries: 0,
  // Two cores on CI and on the dev box, shared with the app server itself.
  workers: ci ? 2 : 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  globalTimeout: 10 * 60_000,
  reporter: [['list']],
  use: {
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
})
