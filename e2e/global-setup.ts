import { fileURLToPath } from 'node:url'
import { startBuiltApp } from './support/built-app.mjs'
import { startGoogleProvider } from './support/google-provider'

// One server for the whole run: the built app on a free port with a fresh DATA_DIR, signing in
// with Google against a local OAuth2 server started first (e2e/social-sign-in.spec.ts).
// Workers read the addresses from E2E_BASE_URL and E2E_GOOGLE_URL (they inherit the runner's
// environment).
export default async function globalSetup() {
  const logFile = fileURLToPath(new URL('../.tmp/e2e-app.log', import.meta.url))
  const google = await startGoogleProvider()
  const app = await startBuiltApp({ logFile, env: google.env }).catch(async (error: unknown) => {
    await google.stop()
    throw error
  })
  process.env.E2E_BASE_URL = app.baseURL
  process.env.E2E_GOOGLE_URL = google.url
  console.log(`e2e: built app ready at ${app.baseURL} (log: ${logFile}), Google at ${google.url}`)
  return async () => {
    await app.stop()
    await google.stop()
  }
}
