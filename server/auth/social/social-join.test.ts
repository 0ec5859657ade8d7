import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JoinMode } from '@contract/community'
import type { ProblemDetails } from '@contract/errors'
import { InviteErrorMessage, type CreatedInvite, type Invite } from '@contract/invites'
import { call } from '../../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { createUser, signIn } from '../../../tests/helpers/users'
import { insertUser } from '../../users/users.repository'
import { usersTable } from '../../users/users.table'
import { linkIdentity } from './identities'
import { createBrowser } from '../../../tests/helpers/social-browser'
import { startMockProvider, type MockProvider } from './testing/mock-provider'

// Issue 38: who may join through Google and Facebook (the mock provider stands in for both).
// Only a new account meets the join rule: the invite travels from the start, through the
// sign-in state, to the callback that creates it.
let provider: MockProvider
let t: TestApp
let admin: string

beforeAll(async () => {
  provider = await startMockProvider()
  t = await createTestApp({ env: { ...provider.env('GOOGLE'), ...provider.env('FACEBOOK') } })
  admin = await signIn(t.app, await createUser(t.db, { roles: ['member', 'admin'] }))
})
afterAll(async () => {
  await t?.close()
  await provider?.stop()
})

async function setJoin(join: JoinMode) {
  const response = await call(t.app, admin, 'PUT', '/api/v1/admin/community', { join })
  expect(response.statusCode, response.body).toBe(200)
}

async function newInvite(max_uses: number | null = null) {
  const response = await call(t.app, admin, 'POST', '/api/v1/admin/invites', {
    expires_at: null,
    max_uses,
  })
  return response.json<CreatedInvite>()
}

let n = 0
/** A Google person nobody here knows yet, with an address Google verified. */
function newGooglePerson() {
  n += 1
  const email = `google-joiner-${n}@example.org`
  provider.state.userinfo = {
    sub: `google-joiner-${n}`,
    email,
    email_verified: true,
    given_name: 'Joan',
    family_name: 'Park',
  }
  return email
}

async function googleSignIn(invite?: string) {
  const browser = createBrowser(t.app)
  const { callbackPath } = await browser.startAndAuthorize('google', undefined, invite)
  return browser.relayCallback(callbackPath)
}

const userRow = async (email: string) =>
  (await t.db.select().from(usersTable).where(eq(usersTable.email, email)))[0]

describe('Google sign-in that would create an account', () => {
  it('in an invite-only community, is refused without an invite and with a bad one, saying which', async () => {
    await setJoin('invite')
    const revoked = await newInvite()
    await call(t.app, admin, 'DELETE', `/api/v1/admin/invites/${revoked.invite_id}`)
    for (const [invite, title] of [
      [undefined, 'invitation_required'],
      ['no-such-invite', 'invitation_unknown'],
      [revoked.code, 'invitation_revoked'],
    ] as const) {
      const email = newGooglePerson()
      const response = await googleSignIn(invite)
      expect(response.statusCode, response.body).toBe(403)
      expect(response.json<ProblemDetails>()).toMatchObject({
        type: `urn:problem:${title}`,
        detail: InviteErrorMessage[title],
      })
      expect(response.cookies.map((cookie) => cookie.name)).not.toContain('session')
      expect(await userRow(email)).toBeUndefined()
    }
  })

  it('in an invite-only community, creates the account with a valid invite and counts its use', async () => {
    await setJoin('invite')
    const invite = await newInvite(2)
    const email = newGooglePerson()
    const response = await googleSignIn(invite.code)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ needsLinking: false, hasProfile: false })
    expect(await userRow(email)).toMatchObject({ email, pendingSince: null })
    const read = await call(t.app, admin, 'GET', `/api/v1/admin/invites/${invite.invite_id}`)
    expect(read.json<Invite>().uses).toBe(1)
  })

  it('when newcomers are approved, creates the account waiting since now', async () => {
    await setJoin('approval')
    const email = newGooglePerson()
    const before = Date.now()
    expect((await googleSignIn()).statusCode).toBe(200)
    const pendingSince = (await userRow(email))!.pendingSince
    expect(pendingSince!.getTime()).toBeGreaterThanOrEqual(before - 1000)
  })
})

describe('existing accounts in an invite-only community', () => {
  it('sign in with Google and with Facebook without an invite; a Facebook newcomer gets no account', async () => {
    await setJoin('invite')
    const now = new Date()
    for (const [kind, id] of [
      ['google', 'google-member'],
      ['facebook', '10230001'],
    ] as const) {
      const email = `${kind}-member@example.org`
      const user = await insertUser(t.db, { email, passwordHash: null, emailVerifiedAt: now, now })
      await linkIdentity(t.db, { userId: user.id, provider: kind, providerUserId: id, email, now })
      provider.state.userinfo =
        kind === 'google'
          ? { sub: id, email, email_verified: true }
          : { id, email, first_name: 'Eve', last_name: 'Moss' }
      const browser = createBrowser(t.app)
      const { callbackPath } = await browser.startAndAuthorize(kind)
      const response = await browser.relayCallback(callbackPath)
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(200)
      expect(browser.jar.has('session')).toBe(true)
    }

    // Facebook never vouches for an address (issue 37): a newcomer creates nothing, invite or not.
    const invite = await newInvite()
    provider.state.userinfo = { id: '10230999', email: 'fb-new@example.org', first_name: 'Fay' }
    const browser = createBrowser(t.app)
    const { callbackPath } = await browser.startAndAuthorize('facebook', undefined, invite.code)
    expect((await browser.relayCallback(callbackPath)).statusCode).toBe(400)
    expect(await userRow('fb-new@example.org')).toBeUndefined()
  })
})
