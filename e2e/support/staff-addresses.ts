import { mkdirSync, openSync, closeSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// Issue 39: a moderator or admin must turn two-step sign-in on before moderating, and a TOTP code
// is taken once per 30 seconds. A run's specs each need a staff member at once, so each gets an
// address of its own, made staff at sign-up by MODERATOR_EMAILS / ADMIN_EMAILS, and turns
// two-step on through the account calls at its first sign-in (e2e/support/members.ts).

const POOL_SIZE = 40
const CLAIMS = fileURLToPath(new URL('../../.tmp/e2e-staff-claims/', import.meta.url))

function pool(role: 'moderator' | 'admin') {
  return Array.from({ length: POOL_SIZE }, (_, i) => `${role}-${i}@e2e.example.org`)
}

/** MODERATOR_EMAILS and ADMIN_EMAILS for every e2e server (the shared one and specs' own). */
export const E2E_STAFF_ENV = {
  MODERATOR_EMAILS: pool('moderator').join(','),
  ADMIN_EMAILS: pool('admin').join(','),
}

/** Global setup: a run starts with every address free. */
export function freeStaffAddresses() {
  rmSync(CLAIMS, { recursive: true, force: true })
  mkdirSync(CLAIMS, { recursive: true })
}

/**
 * An address no other test of the run has used, claimed by creating its file exclusively: two
 * workers, or a worker restarted after a failure, never get the same one.
 */
export function claimStaffAddress(role: 'moderator' | 'admin'): string {
  for (const address of pool(role)) {
    try {
      closeSync(openSync(`${CLAIMS}${address}`, 'wx'))
      return address
    } catch {
      // Taken: try the next.
    }
  }
  throw new Error(`all ${POOL_SIZE} e2e ${role} addresses are used; raise POOL_SIZE`)
}
