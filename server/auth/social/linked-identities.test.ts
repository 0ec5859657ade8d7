import { describe, expect, it } from 'vitest'
import { EmailChangeErrorCode } from '@contract/users-email-change'
import { LinkedSignInErrorCode, LinkedSignInMessage } from '@contract/social-sign-in'
import { mailsTo } from '../../../tests/helpers/mailbox'
import { createBrowser } from '../../../tests/helpers/social-browser'
import { createUser, signIn } from '../../../tests/helpers/users'
import { passkeysTable } from '../passkeys/passkeys.table'
import { linkedIdentitiesWorld } from './testing/linked-identities-world'

// Issue 39: listing and linking sign-ins (unlinking: linked-identities-unlink.test.ts).

const world = linkedIdentitiesWorld()
const {
  later,
  signedInBrowser,
  socialOnlyMember,
  startLink,
  link,
  identitiesOf,
  listed,
  eventsOf,
} = world

describe('GET /api/v1/users/me/identities', () => {
  it('needs a session', async () => {
    const response = await createBrowser(world.test.app).request(
      'GET',
      '/api/v1/users/me/identities',
    )
    expect(response.statusCode).toBe(401)
  })

  it("lists the member's own providers and what else signs them in, and nobody else's", async () => {
    const ann = await socialOnlyMember(['google'])
    const browser = await signedInBrowser(ann)
    const response = await listed(browser)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      items: [{ provider: 'google', linked_at: world.clock.toISOString(), removable: false }],
      available: ['google', 'facebook'],
      has_password: false,
      passkeys: 0,
      recent_sign_in: true,
    })

    // Another member sees only their own (none), never Ann's.
    const bob = await createUser(world.test.db)
    const bobs = (await listed(await signedInBrowser(bob))).json()
    expect(bobs).toMatchObject({ items: [], has_password: true })

    later(11)
    expect((await listed(browser)).json()).toMatchObject({ recent_sign_in: false })
  })

  it('counts a passkey as another way in', async () => {
    const cleo = await socialOnlyMember(['google'])
    await world.test.db.insert(passkeysTable).values({
      userId: cleo.id,
      credentialId: `cred-${cleo.id}`,
      publicKey: 'key',
      counter: 0,
      transports: [],
      name: 'Phone',
      createdAt: world.clock,
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
    const dora = await createUser(world.test.db)
    const browser = await signedInBrowser(dora)
    const session = (await browser.request('GET', '/test/viewer')).json()
    // Facebook never vouches for an address: a link rests on the member's session, not on it.
    world.provider.state.userinfo = { id: 'facebook-dora', email: 'someone.else@example.org' }

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
    // Another way in is told to the account's address, with where to undo it.
    // Mailed by a subscriber, a moment after the answer.
    const subjectOf = async () => (await mailsTo(world.test.app, dora.email))[0]?.subject
    await expect.poll(subjectOf).toBe('A sign-in was added to your account')
    const [told] = await mailsTo(world.test.app, dora.email)
    expect(told?.text).toContain('Facebook can now sign you in to your Prayer Community account')
    expect(told?.links).toEqual([`${world.test.app.deps.config.publicUrl}/settings/account`])
    expect((await listed(browser)).json()).toMatchObject({
      items: [{ provider: 'facebook', removable: true }],
    })

    // From now on Facebook signs Dora in, in another browser.
    const elsewhere = createBrowser(world.test.app)
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
    const response = await startLink(createBrowser(world.test.app), 'google')
    expect(response.statusCode).toBe(401)
  })

  it('refuses a sign-in that is not recent, at the start and at the callback', async () => {
    const eve = await createUser(world.test.db)
    const browser = await signedInBrowser(eve)
    world.provider.state.userinfo = { sub: 'google-eve', email_verified: true, email: eve.email }

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
    const fay = await createUser(world.test.db)
    const gus = await createUser(world.test.db)
    const browser = await signedInBrowser(fay)
    world.provider.state.userinfo = { sub: 'google-fay', email_verified: true, email: fay.email }
    const gusCookie = await signIn(world.test.app, gus)
    const response = await link(browser, 'google', () => browser.addCookie(gusCookie))
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ title: LinkedSignInErrorCode.linkAccountChanged })
    expect(await identitiesOf('google-fay')).toEqual([])
  })

  it("refuses a provider account that is another member's, naming no one", async () => {
    const owner = await socialOnlyMember(['google'])
    const hal = await createUser(world.test.db)
    world.provider.state.userinfo = { sub: `google-${owner.id}`, email_verified: true }
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
    world.provider.state.userinfo = { sub: 'google-ida-second', email_verified: true }
    const second = await link(browser, 'google')
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({ title: LinkedSignInErrorCode.providerAlreadyLinked })
    expect(await identitiesOf('google-ida-second')).toEqual([])

    world.provider.state.userinfo = { sub: `google-${ida.id}`, email_verified: true }
    expect((await link(browser, 'google')).json()).toMatchObject({ linked: 'google' })
    expect(await identitiesOf(`google-${ida.id}`)).toEqual([ida.id])
    expect(await eventsOf('SocialIdentityLinked', ida.id)).toEqual([])
  })
})
