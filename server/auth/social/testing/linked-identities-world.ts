import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import type { SocialProvider } from '@contract/auth'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createBrowser, type Browser } from '../../../../tests/helpers/social-browser'
import { createUser, signIn, type TestUser } from '../../../../tests/helpers/users'
import { domainEventsTable } from '../../../events/events.table'
import { usersTable } from '../../../users/users.table'
import { linkIdentity } from '../identities'
import { socialIdentitiesTable } from '../identities.table'
import { startMockProvider, type MockProvider } from './mock-provider'

// Issue 39: linked sign-ins on the account screen. The link is the real provider round trip
// (start with intent=link, the mock provider's authorize, the relayed callback). One app and
// mock provider per test file, on a clock the tests move; the helpers the two files share.

const MINUTE = 60 * 1000
const APP_ORIGIN = { origin: 'http://localhost:3000' }

export function linkedIdentitiesWorld() {
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
    if (start.statusCode !== 302)
      throw new Error(`start answered ${start.statusCode}: ${start.body}`)
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

  return {
    get test() {
      return test
    },
    get provider() {
      return provider
    },
    get clock() {
      return clock
    },
    later,
    signedInBrowser,
    socialOnlyMember,
    startLink,
    link,
    identitiesOf,
    listed,
    unlink,
    eventsOf,
  }
}

