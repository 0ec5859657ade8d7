import { describe, expect, it } from 'vitest'
import { LinkedSignInErrorCode, LinkedSignInMessage } from '@contract/social-sign-in'
import { mailsTo } from '../../../tests/helpers/mailbox'
import { createBrowser } from '../../../tests/helpers/social-browser'
import { createUser } from '../../../tests/helpers/users'
import { linkIdentity } from './identities'
import { linkedIdentitiesWorld } from './testing/linked-identities-world'

// Issue 39: unlinking a provider from the account screen, never the last way in.

const world = linkedIdentitiesWorld()
const { later, signedInBrowser, socialOnlyMember, identitiesOf, listed, unlink, eventsOf } = world

describe('DELETE /api/v1/users/me/identities/{provider}', () => {
  it('needs a session', async () => {
    expect((await unlink(createBrowser(world.test.app), 'google')).statusCode).toBe(401)
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
    // The account's address is told, as after a password change.
    // Mailed by a subscriber, a moment after the answer.
    const subjectOf = async () => (await mailsTo(world.test.app, jo.email))[0]?.subject
    await expect.poll(subjectOf).toBe('A sign-in was removed from your account')
    const [told] = await mailsTo(world.test.app, jo.email)
    expect(told?.text).toContain(
      'Google can no longer sign you in to your Prayer Community account',
    )
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
    const subjects = (await mailsTo(world.test.app, kim.email)).map((mail) => mail.subject)
    expect(subjects).not.toContain('A sign-in was removed from your account')
  })

  it('lets a member with a password unlink their only provider', async () => {
    const lea = await createUser(world.test.db)
    await linkIdentity(world.test.db, {
      userId: lea.id,
      provider: 'google',
      providerUserId: `google-${lea.id}`,
      email: null,
      now: world.clock,
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
    const pia = await createUser(world.test.db)
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
