import { fileURLToPath } from 'node:url'
import { createEmptyDatabase } from '../tests/helpers/server-process'
import { startBuiltApp } from './support/built-app.mjs'
import { startGoogleProvider } from './support/google-provider'
import { E2E_STAFF_ENV, freeStaffAddresses } from './support/staff-addresses'

// One server for the whole run: the built app on a free port with a fresh DATA_DIR, signing in
// with Google against a local OAuth2 server started first (e2e/social-sign-in.spec.ts). Its
// database is the embedded one, or a fresh one on TEST_DATABASE_URL's server when that is set
// (CI): PostgreSQL answers the two browsers' traffic on a fraction of the CPU the embedded
// database takes on the same two cores (docs/testing.md).
// Workers read the addresses from E2E_BASE_URL and E2E_GOOGLE_URL (they inherit the runner's
// environment). Accounts signed up on the staff addresses get those roles at sign-in
// (MODERATOR_EMAILS / ADMIN_EMAILS, DESIGN §2; e2e/support/staff-addresses.ts).

export default async function globalSetup() {
  freeStaffAddresses()
  const logFile = fileURLToPath(new URL('../.tmp/e2e-app.log', import.meta.url))
  const adminUrl = process.env.TEST_DATABASE_URL
  const database = adminUrl ? await createEmptyDatabase(adminUrl, 'e2e') : null
  const google = await startGoogleProvider()
  const app = await startBuiltApp({
    logFile,
    env: {
      ...google.env,
      ...E2E_STAFF_ENV,
      // Members in e2e/support/members.ts each browse from an address of their own.
      TRUST_PROXY: '127.0.0.1',
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
  }).catch(async (error: unknown) => {
    await google.stop()
    await database?.drop()
    throw error
  })
  process.env.E2E_BASE_URL = app.baseURL
  process.env.E2E_GOOGLE_URL = google.url
  console.log(
    `e2e: built app ready at ${app.baseURL} on ${database ? `PostgreSQL (${database.name})` : 'the embedded database'} (log: ${logFile}), Google at ${google.url}`,
  )
  return async () => {
    await app.stop()
    await google.stop()
    await database?.drop()
  }
}
