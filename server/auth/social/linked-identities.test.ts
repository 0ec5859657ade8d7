import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SocialProvider } from '@contract/auth'
import { EmailChangeErrorCode } from '@contract/users-email-change'
import { LinkedSignInErrorCode, LinkedSignInMessage } from '@contract/social-sign-in'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../../tests/helpers/users'
import { domainEventsTable } from '../../events/events.table'
import { usersTable } from '../../users/users.table'
import { passkeysTable } from '../passkeys/passkeys.table'
import { linkIdentity } from './identities'
import { socialIdentitiesTable } from './identities.table'
import { createBrowser, type Browser } from '../../../tests/helpers/social-browser'
import { startMockProvider, type MockProvider } from './testing/mock-provider'

// Issue 39: linked sign-ins on the account screen. The link is the real provider round trip
// (start with intent=link, the mock provider's authorize, the relayed callback).

const MINUTE = 60 * 1000
const APP_ORIGIN = { origin: 'http://localhost:3000' }

let provider: MockProvider
let test: TestApp
let clock = new Date('2026-03-01T10:00:00Z')

beforeAll(async () => {
  provider = await startMockProvider()
  test = await createTestApp({
    env: { ...provider.env('GOOGLE'), ...provider.env('FACEBOOK') },
    now: () => clock,
    extend: (app) => {
      app.get('/test/viewer', async (request) => ({ sessionId: request.viewer?.sessionId }))
    },
  })
})

afterAll(async () => {
  await test?.close()
  await provider?.stop()
})

function later(minutes: number) {
  clock = new Date(clock.getTime() + minutes * MINUTE)
}

async function signedInBrowser(user: Pick<TestUser, 'id'>) {
  const browser = createBrowser(test.app)
  browser.addCookie(await signIn(test.app, user))
  return browser
}

/** A member whose only ways in are the given providers (no password). */
async function socialOnlyMember(providers: SocialProvider[]) {
  const user = await createUser(test.db)
  await test.db.update(usersTable).set({ passwordHash: null }).where(eq(usersTable.id, user.id))
  for (const name of providers)
    await linkIdentity(test.db, {
      userId: user.id,
      provider: name,
      providerUserId: `${name}-${user.id}`,
      email: null,
      now: clock,
    })
  return user
}

function startLink(browser: Browser, name: SocialProvider, next = '/settings/account') {
  return browser.request(
    'GET',
    `/auth/${name}/start?${new URLSearchParams({ next, intent: 'link' }).toString()}`,
    'text/html',
  )
}

/** Start a link, pass the provider's authorize step, answer the relayed callback. */
async function link(browser: Browser, name: SocialProvider, beforeCallback?: () => void) {
  const start = await startLink(browser, name)
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`)
  const authorize = await fetch(new URL(start.headers.location as string), { redirect: 'manual' })
  const callback = new URL(authorize.headers.get('location') ?? 'http://missing')
  beforeCallback?.()
  return browser.relayCallback(`${callback.pathname}${callback.search}`)
}

async function identitiesOf(providerUserId: string) {
  const rows = await test.db
    .select({ userId: socialIdentitiesTable.userId })
    .from(socialIdentitiesTable)
    .where(eq(socialIdentitiesTable.providerUserId, providerUserId))
  return rows.map((row) => row.userId)
}

function listed(browser: Browser) {
  return browser.request('GET', '/api/v1/users/me/identities')
}

function unlink(browser: Browser, name: string) {
  return browser.request(
    'DELETE',
    `/api/v1/users/me/identities/${name}`,
    'application/json',
    undefined,
    APP_ORIGIN,
  )
}

async function eventsOf(type: string, userId: string) {
  const rows = await test.db
    .select({ payload: domainEventsTable.payload })
    .from(domainEventsTable)
    .where(eq(domainEventsTable.type, type))
  return rows
    .map((row) => row.payload as Record<string, unknown>)
    .filter((payload) => payload.userId === userId)
}

describe('GET /api/v1/users/me/identities', () => {
  it('needs a session', async () => {
    const response = await createBrowser(test.app).request('GET', '/api/v1/users/me/identities')
    expect(response.statusCode).toBe(401)
  })

  it("lists the member's own providers and what else signs them in, and nobody else's", async () => {
    const ann = await socialOnlyMember(['google'])
    const browser = await signedInBrowser(ann)
    const response = await listed(browser)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      items: [{ provider: 'google', linked_at: clock.toISOString(), removable: false }],
      available: ['google', 'facebook'],
      has_password: false,
      passkeys: 0,
      recent_sign_in: true,
    })

    // Another member sees only their own (none), never Ann's.
    const bob = await createUser(test.db)
    const bobs = (await listed(await signedInBrowser(bob))).json()
    expect(bobs).toMatchObject({ items: [], has_password: true })

    later(11)
    expect((await listed(browser)).json()).toMatchObject({ recent_sign_in: false })
  })

  it('counts a passkey as another way in', async () => {
    const cleo = await socialOnlyMember(['google'])
    await test.db.insert(passkeysTable).values({
      userId: cleo.id,
      credentialId: `cred-${cleo.id}`,
      publicKey: 'key',
      counter: 0,
      transports: [],
      name: 'Phone',
      createdAt: clock,
    })
    const answer = (await listed(await signedInBrowser(cleo))).json()
    expect(answer).toMatchObject({
      items: [{ provider: 'google', removable: true }],
      passkeys: 1,
    })
  })
})

describe('linking through the provider', () => {
  it('links the provider to the signed-in account and keeps the session', async () => {
    const dora = await createUser(test.db)
    const browser = await signedInBrowser(dora)
    const session = (await browser.request('GET', '/test/viewer')).json()
    // Facebook never vouches for an address: a link rests on the member's session, not on it.
    provider.state.userinfo = { id: 'facebook-dora', email: 'someone.else@example.org' }

    const response = await link(browser, 'facebook')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      needsLinking: false,
      next: '/settings/account',
      hasProfile: true,
      linked: 'facebook',
    })
    expect((await browser.request('GET', '/test/viewer')).json()).toEqual(session)
    expect(await identitiesOf('facebook-dora')).toEqual([dora.id])
    expect(await eventsOf('SocialIdentityLinked', dora.id)).toEqual([
      { userId: dora.id, provider: 'facebook' },
    ])
    expect((await listed(browser)).json()).toMatchObject({
      items: [{ provider: 'facebook', removable: true }],
    })

    // From now on Facebook signs Dora in, in another browser.
    const elsewhere = createBrowser(test.app)
    const start = await elsewhere.request('GET', '/auth/facebook/start', 'text/html')
    const authorize = await fetch(new URL(start.headers.location as string), { redirect: 'manual' })
    const callback = new URL(authorize.headers.get('location')!)
    const signedIn = await elsewhere.relayCallback(`${callback.pathname}${callback.search}`)
    expect(signedIn.json()).toEqual({ needsLinking: false, next: '/onboarding', hasProfile: true })
    expect((await elsewhere.request('GET', '/api/v1/users/me')).json()).toMatchObject({
      display_name: dora.displayName,
    })
  })

  it('refuses a start without a session', async () => {
    const response = await startLink(createBrowser(test.app), 'google')
    expect(response.statusCode).toBe(401)
  })

  it('refuses a sign-in that is not recent, at the start and at the callback', async () => {
    const eve = await createUser(test.db)
    const browser = await signedInBrowser(eve)
    provider.state.userinfo = { sub: 'google-eve', email_verified: true, email: eve.email }

    later(11)
    const stale = await startLink(browser, 'google')
    expect(stale.statusCode).toBe(403)
    expect(stale.json()).toMatchObject({
      title: LinkedSignInErrorCode.recentSignInRequired,
      detail: LinkedSignInMessage.recentSignInRequired,
    })

    // Recent at the start, no longer at the callback: nothing is linked.
    const fresh = await signedInBrowser(eve)
    later(9)
    const response = await link(fresh, 'google', () => later(2))
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ title: EmailChangeErrorCode.recentSignInRequired })
    expect(await identitiesOf('google-eve')).toEqual([])
  })

  it('refuses a callback once the browser is signed in to another account', async () => {
    const fay = await createUser(test.db)
    const gus = await createUser(test.db)
    const browser = await signedInBrowser(fay)
    provider.state.userinfo = { sub: 'google-fay', email_verified: true, email: fay.email }
    const gusCookie = await signIn(test.app, gus)
    const response = await link(browser, 'google', () => browser.addCookie(gusCookie))
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ title: LinkedSignInErrorCode.linkAccountChanged })
    expect(await identitiesOf('google-fay')).toEqual([])
  })

  it("refuses a provider account that is another member's, naming no one", async () => {
    const owner = await socialOnlyMember(['google'])
    const hal = await createUser(test.db)
    provider.state.userinfo = { sub: `google-${owner.id}`, email_verified: true }
    const response = await link(await signedInBrowser(hal), 'google')
    expect(response.statusCode).toBe(409)
    const problem = response.json<Record<string, unknown>>()
    expect(problem).toMatchObject({
      title: LinkedSignInErrorCode.identityTaken,
      detail: LinkedSignInMessage.identityTaken('google'),
    })
    expect(JSON.stringify(problem)).not.toContain(owner.displayName)
    expect(JSON.stringify(problem)).not.toContain(owner.email)
    expect(await identitiesOf(`google-${owner.id}`)).toEqual([owner.id])
    expect(await eventsOf('SocialIdentityLinked', hal.id)).toEqual([])
  })

  it('refuses a second account of a provider already linked, and relinking the same is a no-op', async () => {
    const ida = await socialOnlyMember(['google'])
    const browser = await signedInBrowser(ida)
    provider.state.userinfo = { sub: 'google-ida-second', email_verified: true }
    const second = await link(browser, 'google')
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({ title: LinkedSignInErrorCode.providerAlreadyLinked })
    expect(await identitiesOf('google-ida-second')).toEqual([])

    provider.state.userinfo = { sub: `google-${ida.id}`, email_verified: true }
    expect((await link(browser, 'google')).json()).toMatchObject({ linked: 'google' })
    expect(await identitiesOf(`google-${ida.id}`)).toEqual([ida.id])
    expect(await eventsOf('SocialIdentityLinked', ida.id)).toEqual([])
  })
})

describe('DELETE /api/v1/users/me/identities/{provider}', () => {
  it('needs a session', async () => {
    expect((await unlink(createBrowser(test.app), 'google')).statusCode).toBe(401)
  })

  it('unlinks a provider while another way in remains, and records it', async () => {
    const jo = await socialOnlyMember(['google', 'facebook'])
    const browser = await signedInBrowser(jo)
    const response = await unlink(browser, 'google')
    expect(response.statusCode).toBe(204)
    expect(await identitiesOf(`google-${jo.id}`)).toEqual([])
    expect(await eventsOf('SocialIdentityUnlinked', jo.id)).toEqual([
      { userId: jo.id, provider: 'google' },
    ])
    // Facebook is now the last way in.
    expect((await listed(browser)).json()).toMatchObject({
      items: [{ provider: 'facebook', removable: false }],
    })
  })

  it('never removes the last way to sign in', async () => {
    const kim = await socialOnlyMember(['google'])
    const response = await unlink(await signedInBrowser(kim), 'google')
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      title: LinkedSignInErrorCode.lastWayToSignIn,
      detail: LinkedSignInMessage.lastWayToSignIn,
    })
    expect(await identitiesOf(`google-${kim.id}`)).toEqual([kim.id])
    expect(await eventsOf('SocialIdentityUnlinked', kim.id)).toEqual([])
  })

  it('lets a member with a password unlink their only provider', async () => {
    const lea = await createUser(test.db)
    await linkIdentity(test.db, {
      userId: lea.id,
      provider: 'google',
      providerUserId: `google-${lea.id}`,
      email: null,
      now: clock,
    })
    expect((await unlink(await signedInBrowser(lea), 'google')).statusCode).toBe(204)
    expect(await identitiesOf(`google-${lea.id}`)).toEqual([])
  })

  it('needs a recent sign-in', async () => {
    const max = await socialOnlyMember(['google', 'facebook'])
    const browser = await signedInBrowser(max)
    later(11)
    const response = await unlink(browser, 'google')
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ title: LinkedSignInErrorCode.recentSignInRequired })
    expect(await identitiesOf(`google-${max.id}`)).toEqual([max.id])
  })

  it('answers 404 for an unknown provider and for one not linked', async () => {
    const ned = await socialOnlyMember(['google'])
    const browser = await signedInBrowser(ned)
    const unknown = await unlink(browser, 'twitter')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ detail: LinkedSignInMessage.unknownProvider })
    const notLinked = await unlink(browser, 'facebook')
    expect(notLinked.statusCode).toBe(404)
    expect(notLinked.json()).toMatchObject({ detail: LinkedSignInMessage.notLinked('facebook') })
  })

  it("cannot unlink another member's provider", async () => {
    const ola = await socialOnlyMember(['google', 'facebook'])
    const pia = await createUser(test.db)
    expect((await unlink(await signedInBrowser(pia), 'google')).statusCode).toBe(404)
    expect(await identitiesOf(`google-${ola.id}`)).toEqual([ola.id])
  })

  it('is refused from another site', async () => {
    const quin = await socialOnlyMember(['google', 'facebook'])
    const browser = await signedInBrowser(quin)
    const forged = await browser.request(
      'DELETE',
      '/api/v1/users/me/identities/google',
      'application/json',
      undefined,
      { origin: 'https://evil.example' },
    )
    expect(forged.statusCode).toBe(403)
    expect(await identitiesOf(`google-${quin.id}`)).toEqual([quin.id])
  })
})
