import { fileURLToPath } from 'node:url'
import { startBuiltApp } from './support/built-app.mjs'

// One server for the whole run: the built app on a free port with a fresh DATA_DIR.
// Workers read the address from E2E_BASE_URL (they inherit the runner's environment).
export default async function globalSetup() {
  const logFile = fileURLToPath(new URL('../.tmp/e2e-app.log', import.meta.url))
  const app = await startBuiltApp({ logFile })
  process.env.E2E_BASE_URL = app.baseURL
  console.log(`e2e: built app ready at ${app.baseURL} (log: ${logFile})`)
  return () => app.stop()
}
