import { defineConfig } from 'playwright/test'
import { chromiumArgs, chromiumPath, headlessShellPath } from './e2e/support/chromium'

const ci = Boolean(process.env.CI)

// Lets context.route see (and abort) the service worker's own requests, so "offline" is
// offline for the SW too (see e2e/fixtures/network.ts). Playwright 1.65 reports SW traffic by
// default; the flag keeps older runners honest.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1'

// The headless shell shows no system notifications (the app's switch is disabled there and the
// worker's `getNotifications()` stays empty), so the specs about them run in the full browser.
const SHOWS_SYSTEM_NOTIFICATIONS =
  /\/(notification-settings|notification-previews|system-notifications|prayer-list)\.spec\.ts$/

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
  // A guard against a hung run, not a speed check: each test has its own limit already. The
  // stage took 16 minutes with every test passing on the last stop's CI, and ran 3–5 times
  // slower on a loaded dev box (docs/testing.md); a run cut there fails with no test to fix.
  // Speed is measured (bench/, the stage's seconds), never asserted.
  globalTimeout: 35 * 60_000,
  reporter: [['list']],
  projects: [
    {
      name: 'chromium',
      testIgnore: SHOWS_SYSTEM_NOTIFICATIONS,
      use: {
        // The worker never controls the page that installed it (registerType 'prompt'), so in
        // most specs it only precached the whole app in every new context: 15 % of e2e's CPU
        // (docs/testing.md). The specs about the worker here (offline, the outbox,
        // installability) say `test.use({ serviceWorkers: 'allow' })`; the system notification
        // specs (chromium-full) keep it.
        serviceWorkers: 'block',
        browserName: 'chromium',
        launchOptions: { executablePath: headlessShellPath, args: chromiumArgs },
      },
    },
    {
      name: 'chromium-full',
      testMatch: SHOWS_SYSTEM_NOTIFICATIONS,
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      },
    },
  ],
})
