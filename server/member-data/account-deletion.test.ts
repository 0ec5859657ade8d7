import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORMER_MEMBER } from '@contract/account-deletion'
import { mailsTo } from '../../tests/helpers/mailbox'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { insertGroup, postIntention } from '../../tests/helpers/wall'
import { postComment } from '../../tests/helpers/comments-api'
import { groupMembersTable, groupsTable } from '../groups/groups.table'
import { intentionsTable } from '../intentions/intentions.table'
import {
  call,
  person,
  queueOf,
  reportIntention,
  type Person,
} from '../../tests/helpers/moderation-api'
import { listFor } from '../../tests/helpers/notifications-api'
import { postTestimony } from '../../tests/helpers/testimonies-api'
import { usersTable } from '../users/users.table'
import { accountDeletionsTable } from './account-deletions.table'
import { purgeClosedAccounts } from './account-purge.job'

// Issue 40 "Delete my account": what the member wrote leaves every read path, what they gave
// stays counted without their name, what is under review waits for the moderators (90 days),
// nobody signs in to the account again, and its address is free after 30 days, not before.

const DAY_MS = 24 * 60 * 60 * 1000
const START = new Date('2026-11-29T09:00:00Z')
let clock = START
let t: TestApp
let ann: Person
let bea: Person
let moderator: Person
let admin: Person
let n = 0

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  bea = await person(t.app)
  moderator = await person(t.app, ['member', 'moderator'])
  admin = await person(t.app, ['member', 'admin'])
})
afterAll(() => t.close())
// Sessions expire on the app's clock: each time-travelling block comes back to the start.
const backToStart = () => {
  clock = START
}

const get = (who: Person, url: string) => call(t.app, who.cookie, 'GET', url)
const feedIds = async (who: Person) =>
  (await get(who, '/api/v1/intentions'))
    .json<{ items: { intention_id: string }[] }>()
    .items.map((item) => item.intention_id)
const deleteMe = (who: Person, body: object) =>
  call(t.app, who.cookie, 'DELETE', '/api/v1/users/me', body)
const rowOf = async (id: string) =>
  (await t.db.select().from(usersTable).where(eq(usersTable.id, id)))[0]!

describe('a wrong password or confirmation', () => {
  it('deletes nothing and names the field', async () => {
    const cal = await person(t.app)
    const post = await postIntention(t.app, cal.cookie)
    const wrongPassword = await deleteMe(cal, {
      password: 'not-it-at-all',
      confirm: cal.displayName,
    })
    expect(wrongPassword.statusCode).toBe(403)
    expect(wrongPassword.json().errors).toEqual([expect.objectContaining({ field: 'password' })])
    const noPassword = await deleteMe(cal, { confirm: cal.displayName })
    expect(noPassword.statusCode).toBe(403)
    const wrongName = await deleteMe(cal, { password: cal.password, confirm: 'Someone Else' })
    expect(wrongName.statusCode).toBe(400)
    expect(wrongName.json()).toMatchObject({ title: 'confirm_mismatch' })
    expect(wrongName.json().errors).toEqual([expect.objectContaining({ field: 'confirm' })])
    const missing = await deleteMe(cal, { password: cal.password })
    expect(missing.statusCode).toBe(400)
    expect((await get(cal, `/api/v1/intentions/${post.intention_id}`)).statusCode).toBe(200)
    expect((await rowOf(cal.id)).closedAt).toBeNull()
    expect((await get(cal, '/api/v1/users/me')).statusCode).toBe(200)
  })
})

describe('deleting one’s own account', () => {
  afterAll(backToStart)
  let beas: string
  let annsPublic: string
  let annsAnonymous: string
  let annsReported: string
  let annsComment: string
  let soloGroup: string
  let sharedGroup: string

  beforeAll(async () => {
    ann = await person(t.app)
    beas = (await postIntention(t.app, bea.cookie, { title: 'Peace for our street tonight' }))
      .intention_id
    annsPublic = (await postIntention(t.app, ann.cookie)).intention_id
    annsAnonymous = (await postIntention(t.app, ann.cookie, { identity_mode: 'anonymous' }))
      .intention_id
    annsReported = (
      await postIntention(t.app, ann.cookie, { title: 'Reported words that a moderator must read' })
    ).intention_id
    await reportIntention(t.app, bea.cookie, annsReported)
    // Ann prays for Bea's request, says Amen, comments, lists it; Bea prays for Ann's.
    expect(
      (await call(t.app, ann.cookie, 'POST', `/api/v1/intentions/${beas}/pray`)).statusCode,
    ).toBe(200)
    const amen = await call(t.app, ann.cookie, 'POST', `/api/v1/intentions/${beas}/reactions`, {
      kind: 'amen',
    })
    expect(amen.statusCode).toBe(200)
    annsComment = (await postComment(t.app, ann.cookie, beas, 'With you, Bea.')).comment_id
    expect(
      (await call(t.app, ann.cookie, 'PUT', `/api/v1/prayer-list/${beas}`)).statusCode,
    ).toBeLessThan(300)
    await postTestimony(t.app, ann.cookie, { title: 'Ann’s story of a healed knee' })
    soloGroup = (await insertGroup(t.db, [ann.id])).id
    sharedGroup = (await insertGroup(t.db, [ann.id, bea.id, moderator.id])).id
  })

  it('closes the account at once and takes what Ann wrote from every read path', async () => {
    const before = (await get(bea, `/api/v1/intentions/${beas}`)).json()
    expect(before).toMatchObject({ prayed_count: 1, amen_count: 1, comments_count: 1 })
    const named = (await listFor(t.app, bea.cookie)).items.filter(
      (item) => item.sourceUserDisplayName === ann.displayName,
    )
    expect(named.length).toBeGreaterThan(0)

    const deleted = await deleteMe(ann, { password: ann.password, confirm: ann.displayName })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect(deleted.headers['set-cookie']).toBeDefined()

    // Signed out: the old session is refused.
    expect((await get(ann, '/api/v1/users/me')).statusCode).toBe(401)
    // Gone from feeds and details for everyone, moderators included.
    for (const viewer of [bea, moderator]) {
      const ids = await feedIds(viewer)
      for (const id of [annsPublic, annsAnonymous, annsReported]) expect(ids).not.toContain(id)
    }
    for (const id of [annsPublic, annsAnonymous, annsReported])
      expect((await get(bea, `/api/v1/intentions/${id}`)).statusCode).toBe(404)
    const testimonies = (await get(bea, '/api/v1/testimonies')).body
    expect(testimonies).not.toContain('healed knee')
    // Her comment is gone; the prayer and Amen she gave still count, unnamed.
    const after = (await get(bea, `/api/v1/intentions/${beas}`)).json()
    expect(after).toMatchObject({ prayed_count: 1, amen_count: 1, comments_count: 0 })
    const comments = (await get(bea, `/api/v1/intentions/${beas}/comments`)).json()
    expect(comments.items.map((c: { comment_id: string }) => c.comment_id)).not.toContain(
      annsComment,
    )
    for (const type of ['prayed', 'amen']) {
      const reactors = (await get(bea, `/api/v1/intentions/${beas}/reactions?type=${type}`)).body
      expect(reactors).not.toContain(ann.id)
      expect(reactors).not.toContain(ann.displayName)
    }
    // Notifications that named her read "A former member".
    const notifications = await listFor(t.app, bea.cookie)
    expect(JSON.stringify(notifications)).not.toContain(ann.displayName)
    expect(notifications.items.some((item) => item.sourceUserDisplayName === FORMER_MEMBER)).toBe(
      true,
    )
    expect(notifications.items.find((item) => item.type === 'PrayerAmenReaction')?.title).toBe(
      `${FORMER_MEMBER} said Amen to your intention`,
    )

    // Groups: the shared one passes to its longest-standing member; the empty one closes.
    const members = await t.db
      .select()
      .from(groupMembersTable)
      .where(eq(groupMembersTable.groupId, sharedGroup))
    expect(members.map((m) => [m.userId, m.role])).toEqual(
      expect.arrayContaining([[bea.id, 'admin']]),
    )
    expect(members.map((m) => m.userId)).not.toContain(ann.id)
    const [shared] = await t.db.select().from(groupsTable).where(eq(groupsTable.id, sharedGroup))
    expect(shared?.createdBy).toBe(bea.id)
    expect(await t.db.select().from(groupsTable).where(eq(groupsTable.id, soloGroup))).toEqual([])

    // The row is a tombstone without a password or profile; the log holds id and time only.
    const row = await rowOf(ann.id)
    expect(row).toMatchObject({ passwordHash: null, firstName: null, lastName: null })
    expect(row.closedAt).not.toBeNull()
    expect(
      await t.db
        .select()
        .from(accountDeletionsTable)
        .where(eq(accountDeletionsTable.userId, ann.id)),
    ).toEqual([{ userId: ann.id, deletedAt: clock }])
    // The audit log keeps an entry naming nobody.
    const audit = (await get(admin, '/api/v1/moderation/audit')).json()
    const entry = audit.items.find((item: { action: string }) => item.action === 'account_deleted')
    expect(entry).toMatchObject({
      actor: { displayName: FORMER_MEMBER },
      target: { type: 'user', id: ann.id },
    })
    expect(JSON.stringify(entry)).not.toContain(ann.displayName)
    expect(JSON.stringify(entry)).not.toContain(ann.email)
  })

  it('keeps a reported post for the moderators alone, then deletes it after 90 days', async () => {
    const queue = await queueOf(t.app, moderator.cookie)
    expect(queue.items.map((item) => item.target.id)).toContain(annsReported)
    expect((await get(bea, `/api/v1/intentions/${annsReported}`)).statusCode).toBe(404)

    clock = new Date(clock.getTime() + 91 * DAY_MS)
    await purgeClosedAccounts(t.db, clock)
    expect(
      await t.db.select().from(intentionsTable).where(eq(intentionsTable.id, annsReported)),
    ).toEqual([])
  })

  it('lets nobody sign in to the account by password', async () => {
    const password = await t.app.inject({
      method: 'POST',
      url: '/auth/password',
      remoteAddress: `10.40.0.${++n}`,
      payload: { email: ann.email, password: ann.password, rememberMe: true },
    })
    expect(password.statusCode).toBe(401)
  })
})

describe('the address of a deleted account', () => {
  afterAll(backToStart)
  const signUp = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: `10.40.1.${++n}`,
      payload: {
        email,
        password: 'Evening-Lantern-2026',
        confirmPassword: 'Evening-Lantern-2026',
        acceptTerms: true,
      },
    })
  const accountsWith = async (email: string) =>
    (await t.db.select().from(usersTable)).filter((row) => row.email === email)

  it('is refused for 30 days as any taken address is, then signs up anew', async () => {
    const dee = await person(t.app)
    expect(
      (await deleteMe(dee, { password: dee.password, confirm: dee.displayName })).statusCode,
    ).toBe(204)
    const identifier = await t.app.inject({
      method: 'POST',
      url: '/auth/identifier',
      remoteAddress: `10.40.2.${++n}`,
      payload: { email: dee.email },
    })
    expect(identifier.json()).toEqual({ providers: [], hasLocal: false, next: 'signup' })

    clock = new Date(clock.getTime() + 29 * DAY_MS)
    await purgeClosedAccounts(t.db, clock)
    const early = await signUp(dee.email)
    expect(early.statusCode).toBe(202)
    expect(await accountsWith(dee.email)).toHaveLength(1)
    expect((await accountsWith(dee.email))[0]!.closedAt).not.toBeNull()
    expect(await mailsTo(t.app, dee.email)).toEqual([])

    clock = new Date(clock.getTime() + 2 * DAY_MS)
    await purgeClosedAccounts(t.db, clock)
    const freed = await rowOf(dee.id)
    expect(freed.email).not.toBe(dee.email)
    expect(freed.displayName).not.toBe(dee.displayName)
    const again = await signUp(dee.email)
    expect(again.statusCode).toBe(202)
    const fresh = await accountsWith(dee.email)
    expect(fresh).toHaveLength(1)
    expect(fresh[0]!.id).not.toBe(dee.id)
    expect(fresh[0]!.closedAt).toBeNull()
  })
})

describe('an admin deleting a member', () => {
  it('is refused to a member (403) and to the admin themself, and recorded with its reason', async () => {
    const eve = await person(t.app)
    const url = `/api/v1/admin/users/${eve.id}`
    expect((await call(t.app, bea.cookie, 'DELETE', url, { reason: 'Spam' })).statusCode).toBe(403)
    expect(
      (await call(t.app, moderator.cookie, 'DELETE', url, { reason: 'Spam' })).statusCode,
    ).toBe(403)
    expect(
      (
        await call(t.app, admin.cookie, 'DELETE', `/api/v1/admin/users/${admin.id}`, {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(400)
    const noReason = await call(t.app, admin.cookie, 'DELETE', url, { reason: ' ' })
    expect(noReason.statusCode).toBe(400)
    expect((await rowOf(eve.id)).closedAt).toBeNull()

    const post = await postIntention(t.app, eve.cookie)
    const deleted = await call(t.app, admin.cookie, 'DELETE', url, { reason: 'Asked us by mail' })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect((await get(eve, '/api/v1/users/me')).statusCode).toBe(401)
    expect((await get(bea, `/api/v1/intentions/${post.intention_id}`)).statusCode).toBe(404)
    const audit = (await get(admin, '/api/v1/moderation/audit')).json()
    const entry = audit.items.find(
      (item: { action: string; target: { id: string } | null }) =>
        item.action === 'account_deleted' && item.target?.id === eve.id,
    )
    expect(entry).toMatchObject({ actor: { userId: admin.id }, reason: 'Asked us by mail' })
    expect(JSON.stringify(entry)).not.toContain(eve.email)
    expect(JSON.stringify(entry)).not.toContain(eve.displayName)
    const again = await call(t.app, admin.cookie, 'DELETE', url, { reason: 'Again' })
    expect(again.statusCode).toBe(404)
    // The admin's list of members no longer offers it.
    const listed = (
      await get(admin, `/api/v1/admin/users?search=${encodeURIComponent(eve.email)}`)
    ).json()
    expect(listed.items).toEqual([])
  })
})
