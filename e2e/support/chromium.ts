import { accessSync, constants } from 'node:fs'

// Debian's Chromium, never a downloaded browser (DESIGN §8). CHROMIUM_PATH overrides it.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Debian's headless shell (package chromium-headless-shell): the same Chromium without the
 * browser's own windows. Full Chromium in headless mode still builds its WebUI for every new
 * window (the omnibox popup renderers), ~0.5 s of CPU per new context on this machine against
 * ~0.03 s here (docs/testing.md); specs that need what only the full browser has (system
 * notifications, an installable profile) use chromiumPath. Without the package, the full
 * browser runs everything.
 */
export const headlessShellPath = (() => {
  const shell = process.env.HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell'
  try {
    accessSync(shell, constants.X_OK)
    return shell
  } catch {
    return chromiumPath
  }
})()

// Quiet, deterministic Chromium for a shared 2-core CI box: no sandbox (containers run as
// root), no GPU, no background fetches or updates that would add noise to offline tests.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
