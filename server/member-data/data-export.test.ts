import { unzipSync, strFromU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataExportStatusSchema } from '@contract/member-data'
import { call } from '../../tests/helpers/call'
import { mailsTo } from '../../tests/helpers/mailbox'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'

// Issue 40 "Download my data": the archive holds every kind the issue lists, each member's own;
// of other members only ids of what the member gave to, never their words, names or ids (not an
// anonymous author, not who reacted to the member's posts). One a day; 7 days; theirs alone.

const EXPORT = '/api/v1/users/me/export'
const DAY_MS = 24 * 60 * 60 * 1000
let clock = new Date('2026-11-29T09:00:00Z')
let t: TestApp
let ann: TestUser
let bea: TestUser
let annCookie: string
let beaCookie: string
const SECRET_TITLE = 'Pray for my sister in the hospital tonight'
const ANN_TITLE = 'Strength for my new job starting next week'

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  ann = await createUser(t.db)
  bea = await createUser(t.db)
  annCookie = await signIn(t.app, ann)
  beaCookie = await signIn(t.app, bea)
  // Bea's anonymous request in a private group she made, which Ann belongs to.
  const group = await insertGroup(t.db, [bea.id, ann.id])
  const secret = await postIntention(t.app, beaCookie, {
    title: SECRET_TITLE,
    destination: 'private_group',
    group_id: group.id,
    identity_mode: 'anonymous',
  })
  // Ann prays for it, says Amen, comments and lists it; and asks for prayer herself.
  const id = secret.intention_id
  expect((await call(t.app, annCookie, 'POST', `/api/v1/intentions/${id}/pray`)).statusCode).toBe(
    200,
  )
  const amen = await call(t.app, annCookie, 'POST', `/api/v1/intentions/${id}/reactions`, {
    kind: 'amen',
  })
  expect(amen.statusCode).toBe(200)
  const comment = await call(t.app, annCookie, 'POST', `/api/v1/intentions/${id}/comments`, {
    content: 'Holding your sister in prayer tonight',
  })
  expect(comment.statusCode, comment.body).toBe(201)
  expect(
    (await call(t.app, annCookie, 'PUT', `/api/v1/prayer-list/${id}`)).statusCode,
  ).toBeLessThan(300)
  await postIntention(t.app, annCookie, { title: ANN_TITLE, identity_mode: 'anonymous' })
  // Bea prays for Ann's anonymous request: Ann's archive must not say who.
  const annsOwn = await postIntention(t.app, annCookie, { title: 'Peace for my father in his last weeks' })
  expect(
    (await call(t.app, beaCookie, 'POST', `/api/v1/intentions/${annsOwn.intention_id}/pray`))
      .statusCode,
  ).toBe(200)
}, 60_000)
afterAll(() => t.close())

async function download(cookie: string): Promise<Record<string, string>> {
  const status = DataExportStatusSchema.parse((await call(t.app, cookie, 'GET', EXPORT)).json())
  expect(status.export?.state).toBe('ready')
  const response = await call(t.app, cookie, 'GET', status.export!.download_url!)
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('application/zip')
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="prayer-community-data-2026-11-29\.zip"$/,
  )
  const files = unzipSync(new Uint8Array(response.rawPayload))
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]))
}

describe('download my data', () => {
  it('builds the archive in the background, with a file per kind and a README', async () => {
    const asked = await call(t.app, annCookie, 'POST', EXPORT)
    expect(asked.statusCode).toBe(202)
    expect(DataExportStatusSchema.parse(asked.json()).export?.state).toBe('building')

    const files = await download(annCookie)
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'comment-reactions-given.json',
        'comments.json',
        'groups.json',
        'intention-updates.json',
        'intentions.json',
        'linked-sign-ins.json',
        'notification-settings.json',
        'prayer-list.json',
        'prayers-given.json',
        'profile.json',
        'rooms.json',
        'sessions.json',
        'testimonies.json',
        'testimony-reactions-given.json',
      ].sort(),
    )
    for (const [name, text] of Object.entries(files)) {
      if (name.endsWith('.json')) expect(() => JSON.parse(text), name).not.toThrow()
      if (name !== 'README.txt') expect(files['README.txt']).toContain(name)
    }
    const profile = JSON.parse(files['profile.json']!) as Record<string, unknown>
    expect(profile).toMatchObject({ email: ann.email, displayName: ann.displayName })
    expect(profile).not.toHaveProperty('passwordHash')
    // Her anonymous request is hers: it is in her archive, marked so.
    const intentions = JSON.parse(files['intentions.json']!) as {
      title: string
      identityMode: string
    }[]
    expect(intentions).toContainEqual(
      expect.objectContaining({ title: ANN_TITLE, identityMode: 'anonymous' }),
    )
    expect(files['comments.json']).toContain('Holding your sister in prayer tonight')
    expect(JSON.parse(files['groups.json']!)).toEqual([
      expect.objectContaining({ createdByYou: false, inviteCode: null }),
    ])
    expect(files['sessions.json']).not.toMatch(/token/i)
  })

  it('holds nothing of another member: not an anonymous author, their words, name or id', async () => {
    const anns = Object.values(await download(annCookie)).join('\n')
    // Ann gave to Bea's anonymous request: only its id is there, never its words or author.
    expect(anns).not.toContain(SECRET_TITLE)
    expect(anns).not.toContain(bea.id)
    expect(anns).not.toContain(bea.displayName)

    expect((await call(t.app, beaCookie, 'POST', EXPORT)).statusCode).toBe(202)
    const beas = await download(beaCookie)
    expect(beas['intentions.json']).toContain(SECRET_TITLE)
    // The group's invite code is Bea's to see: she made the group.
    expect(JSON.parse(beas['groups.json']!)).toEqual([
      expect.objectContaining({ createdByYou: true, inviteCode: expect.any(String) as string }),
    ])
    // Ann prayed, said Amen and commented on it: counts only, never who.
    const all = Object.values(beas).join('\n')
    expect(all).not.toContain(ann.id)
    expect(all).not.toContain(ann.displayName)
    expect(all).not.toContain(ann.email)
  })

  it('is for its member alone: another member, or no session, gets 404 or 401', async () => {
    const status = DataExportStatusSchema.parse(
      (await call(t.app, annCookie, 'GET', EXPORT)).json(),
    )
    const url = status.export!.download_url!
    expect((await call(t.app, beaCookie, 'GET', url)).statusCode).toBe(404)
    expect((await call(t.app, undefined, 'GET', url)).statusCode).toBe(401)
    expect((await call(t.app, undefined, 'POST', EXPORT)).statusCode).toBe(401)
  })

  it('tells the member in the panel and by mail, once', async () => {
    const list = await call(t.app, annCookie, 'GET', '/api/notifications?pageSize=50')
    const ready = (list.json() as { items: { type: string }[] }).items.filter(
      (item) => item.type === 'DataExportReady',
    )
    expect(ready).toHaveLength(1)
    const mails = (await mailsTo(t.app, ann.email)).filter(
      (mail) => mail.subject === 'Your data is ready to download',
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]!.links).toEqual(['http://localhost:3000/settings/account'])
  })

  it('may be asked for once a day (429 with Retry-After), and downloads for 7 days', async () => {
    const again = await call(t.app, annCookie, 'POST', EXPORT)
    expect(again.statusCode).toBe(429)
    expect(again.json()).toMatchObject({ title: 'rate_limited' })
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600)
    const status = DataExportStatusSchema.parse(
      (await call(t.app, annCookie, 'GET', EXPORT)).json(),
    )
    expect(status.next_request_at).toBe('2026-11-30T09:00:00.000Z')

    clock = new Date(clock.getTime() + 8 * DAY_MS)
    const later = DataExportStatusSchema.parse((await call(t.app, annCookie, 'GET', EXPORT)).json())
    expect(later).toMatchObject({
      export: { state: 'expired', download_url: null },
      next_request_at: null,
    })
    expect((await call(t.app, annCookie, 'GET', status.export!.download_url!)).statusCode).toBe(404)
    expect((await call(t.app, annCookie, 'POST', EXPORT)).statusCode).toBe(202)
  })
})
