import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmailPreferences } from '@contract/email-preferences'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { mailsTo } from '../../tests/helpers/mailbox'
import { createUser, signIn, type TestUser } from '../../tests/helpers/users'
import { insertGroup, postIntention } from '../../tests/helpers/wall'
import { markAnswered, postTestimony } from '../../tests/helpers/testimonies-api'
import { write } from '../../tests/helpers/notifications-api'
import { recordDuePeriod } from '../events/scheduled-jobs'
import { DAILY_DIGEST_JOB, WEEKLY_DIGEST_JOB } from './digest-jobs'
import { hourPeriod } from './digest-clock'

// Issue 46: the digests as members get them, through the real writes, jobs and mailbox.
let clock = new Date('2026-11-23T05:00:00Z') // a Monday, before 07:00 UTC (the community's zone)
let first: TestApp
let second: TestApp
let hidden: TestUser // posts anonymously
let prayer: TestUser // prays for the anonymous request
let circle: TestUser // in the private group
let quiet: TestUser // in it too, and never opens the app
let outsider: TestUser // not in it
let groupRequestId: string
const ANONYMOUS_TITLE = 'Pray for my brother, who is far from home'
const GROUP_TITLE = 'Pray for our circle’s retreat next month'
const TESTIMONY_TITLE = 'My brother came home safe'

const settingsOf = async (cookie: string) => {
  const response = await first.app.inject({
    method: 'GET',
    url: '/api/v1/users/me/notification-settings',
    headers: { cookie },
  })
  expect(response.statusCode).toBe(200)
  return response.json() as { email: EmailPreferences }
}

const runJob = async (name: string) => {
  const response = await first.app.inject({ method: 'POST', url: `/__dev/jobs/${name}/run` })
  expect(response.statusCode, response.body).toBe(202)
  await first.app.events.drain()
}

// Both processes' mailboxes, newest first: which process sends a digest is whichever claimed it.
const allMailTo = async (user: TestUser) =>
  [...(await mailsTo(first.app, user.email)), ...(await mailsTo(second.app, user.email))].sort(
    (a, b) => b.sentAt.localeCompare(a.sentAt),
  )

const everything = (mail: { subject: string; text: string; html: string }) =>
  `${mail.subject}\n${mail.text}\n${mail.html}`

// Two apps and a dozen writes: slow on a loaded machine (the time is not what is tested).
beforeAll(async () => {
  first = await createTestApp({ now: () => clock })
  second = await createTestApp({ now: () => clock, database: first.database })
  ;[hidden, prayer, circle, quiet, outsider] = await Promise.all([
    createUser(first.db, { displayName: 'Hidden Hannah' }),
    createUser(first.db, { displayName: 'Praying Paul' }),
    createUser(first.db, { displayName: 'Circle Clara' }),
    createUser(first.db, { displayName: 'Quiet Quinn' }),
    createUser(first.db, { displayName: 'Outside Oscar' }),
  ])
  const hiddenCookie = await signIn(first.app, hidden)
  const prayerCookie = await signIn(first.app, prayer)
  await signIn(first.app, circle)
  await signIn(first.app, outsider)
  clock = new Date('2026-11-23T05:10:00Z')
  const { intention_id: anonymousId } = await postIntention(first.app, hiddenCookie, {
    title: ANONYMOUS_TITLE,
    identity_mode: 'anonymous',
  })
  const group = await insertGroup(first.db, [hidden.id, circle.id, quiet.id])
  ;({ intention_id: groupRequestId } = await postIntention(first.app, hiddenCookie, {
    title: GROUP_TITLE,
    destination: 'private_group',
    group_id: group.id,
  }))
  await write(first.app, prayerCookie, 'POST', `/api/v1/intentions/${anonymousId}/pray`)
  const answered = await markAnswered(first.app, hiddenCookie, anonymousId, {
    testimony_title: TESTIMONY_TITLE,
    testimony_text:
      'He called us from the airport this morning. Thank you all for praying with us every day.',
    testimony_visibility: 'anonymous',
  })
  expect(answered.statusCode, answered.body).toBe(200)
  await postTestimony(first.app, prayerCookie, { title: 'A job after a long search' })
}, 120_000)
afterAll(async () => {
  await second.close()
  await first.close()
})

describe('email preferences', () => {
  it('default to a daily digest without a push device, the weekly digest on, reminders off', async () => {
    expect((await settingsOf(await signIn(first.app, prayer))).email).toEqual({
      activity: 'daily',
      weekly_digest: true,
      reminders: false,
      rooms: false,
    })
  })
})

describe('the daily digest', () => {
  it('goes out once per member for an hour however many processes ask, at 07:00 on their clock', async () => {
    clock = new Date('2026-11-23T07:20:00Z')
    const job = { name: DAILY_DIGEST_JOB, periodDue: hourPeriod }
    const runs = await Promise.all([
      recordDuePeriod(first.db, job, clock),
      recordDuePeriod(second.db, job, clock),
    ])
    expect(runs.filter(Boolean)).toHaveLength(1)
    await Promise.all([first.app.events.drain(), second.app.events.drain()])
    // The same hour again, or the next one: nothing more for that day.
    await recordDuePeriod(second.db, job, new Date('2026-11-23T07:50:00Z'))
    await recordDuePeriod(first.db, job, new Date('2026-11-23T08:10:00Z'))
    await Promise.all([first.app.events.drain(), second.app.events.drain()])
    const hers = await allMailTo(hidden)
    expect(hers.map((mail) => mail.subject)).toEqual(['News on your prayer requests'])
    expect(hers[0]!.text).toContain('Praying Paul prayed for you')
    const his = await allMailTo(prayer)
    expect(his).toHaveLength(1)
  })

  it('never names an anonymous author, and links to the item in the app', async () => {
    const [digest] = await allMailTo(prayer)
    expect(everything(digest!)).not.toContain('Hidden Hannah')
    expect(digest!.text).toContain('Someone shared a testimony')
    expect(digest!.links.some((link) => link.includes('/testimonies?highlight='))).toBe(true)
  })

  it('is multipart, accessible, with a signed one-click unsubscribe in its headers', async () => {
    const [digest] = await allMailTo(hidden)
    expect(digest!.text.length).toBeGreaterThan(0)
    expect(digest!.html).toContain('<html lang="en" dir="ltr">')
    expect(digest!.html).toContain('<meta name="color-scheme" content="light dark">')
    expect(digest!.html).toContain('prefers-color-scheme: dark')
    expect(digest!.html).toContain('<meta name="viewport" content="width=device-width')
    expect(digest!.headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/v1\/mail\/unsubscribe\?token=[\w-]+\.[\w-]+>$/,
    )
    expect(digest!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  })

  it('skips a member who read everything in the app, and an empty day', async () => {
    const circleCookie = await signIn(first.app, circle)
    const hiddenCookie = await signIn(first.app, hidden)
    const id = groupRequestId
    // Tuesday: Clara prays, Hannah reads nothing: her digest tells of it.
    clock = new Date('2026-11-24T06:00:00Z')
    await write(first.app, circleCookie, 'POST', `/api/v1/intentions/${id}/pray`)
    clock = new Date('2026-11-24T07:05:00Z')
    await runJob(DAILY_DIGEST_JOB)
    expect(await allMailTo(hidden)).toHaveLength(2)
    expect((await allMailTo(hidden))[0]!.text).toContain('Circle Clara prayed for you')
    // Wednesday: Clara prays again, Hannah reads it in the app: no digest.
    clock = new Date('2026-11-25T06:00:00Z')
    await write(first.app, circleCookie, 'POST', `/api/v1/intentions/${id}/pray`)
    expect(
      (await write(first.app, hiddenCookie, 'PUT', '/api/notifications/read-all')).statusCode,
    ).toBe(200)
    clock = new Date('2026-11-25T07:05:00Z')
    await runJob(DAILY_DIGEST_JOB)
    expect(await allMailTo(hidden)).toHaveLength(2)
    // Clara had no activity at all: never an empty digest.
    expect(await allMailTo(circle)).toHaveLength(0)
  })
})

describe('the weekly digest', () => {
  it('tells the week by the wall’s rules: a private group’s request only to its members, no author named', async () => {
    clock = new Date('2026-11-25T08:00:00Z')
    await runJob(WEEKLY_DIGEST_JOB)
    const [forCircle] = (await allMailTo(quiet)).filter((mail) =>
      mail.subject.startsWith('This week'),
    )
    const [forOutsider] = (await allMailTo(outsider)).filter((mail) =>
      mail.subject.startsWith('This week'),
    )
    expect(forCircle!.text).toContain(GROUP_TITLE)
    expect(forOutsider!.text).not.toContain(GROUP_TITLE)
    for (const mail of [forCircle!, forOutsider!]) {
      expect(mail.text).toContain(ANONYMOUS_TITLE)
      expect(mail.text).toContain(TESTIMONY_TITLE)
      expect(everything(mail)).not.toContain('Hidden Hannah')
    }
  })

  it('leaves out what the member saw in the app since', async () => {
    // Clara prayed in the app on Wednesday morning: everything of the week was there to see.
    expect(
      (await allMailTo(circle)).filter((mail) => mail.subject.startsWith('This week')),
    ).toHaveLength(0)
    clock = new Date('2026-11-25T09:00:00Z')
    await signIn(first.app, outsider)
    clock = new Date('2026-11-25T09:30:00Z')
    const before = (await allMailTo(outsider)).length
    await runJob(WEEKLY_DIGEST_JOB)
    expect(await allMailTo(outsider)).toHaveLength(before)
  })
})
