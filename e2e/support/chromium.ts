// Debian's Chromium, never a downloaded browser (DESIGN §8). CHROMIUM_PATH overrides it.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

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
