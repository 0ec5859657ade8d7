import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dashboard, DashboardFigureKey } from '@contract/dashboard'
import { call } from '../../tests/helpers/call'
import { createTestApp, type TestApp } from '../../tests/helpers/test-app'
import { signIn } from '../../tests/helpers/users'
import { DASHBOARD_CACHE_MS } from './dashboard.service'
import { member, NOW, seedCommunity } from './testing/dashboard-seed'

// Issue 38: the dashboard's figures on a community whose every row has a known time
// (testing/dashboard-seed.ts), who may read them, the CSV and the /metrics gauges.

const TOKEN = 'dashboard-scrape-token-0123456789'
let clock = NOW
let t: TestApp
let cast: Awaited<ReturnType<typeof seedCommunity>>
let adminCookie: string

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { METRICS_TOKEN: TOKEN } })
  cast = await seedCommunity(t.db)
  adminCookie = await signIn(t.app, cast.admin)
})
afterAll(() => t?.close())

const read = async (cookie: string) => {
  const response = await call(t.app, cookie, 'GET', '/api/v1/admin/dashboard')
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Dashboard
}
const figure = (dashboard: Dashboard, key: DashboardFigureKey) =>
  dashboard.figures.find((each) => each.key === key)!
/** The last three weeks of a series (9 Nov, 16 Nov, this week): the seed's weeks. */
const recent = (dashboard: Dashboard, key: DashboardFigureKey) =>
  figure(dashboard, key).series.slice(-3)

describe('GET /api/v1/admin/dashboard', () => {
  it('answers 401 signed out and 403 to a member; moderators and admins read it', async () => {
    expect((await call(t.app, undefined, 'GET', '/api/v1/admin/dashboard')).statusCode).toBe(401)
    expect((await call(t.app, undefined, 'GET', '/api/v1/admin/dashboard.csv')).statusCode).toBe(
      401,
    )
    const memberCookie = await signIn(t.app, cast.ann)
    const refused = await call(t.app, memberCookie, 'GET', '/api/v1/admin/dashboard')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ title: 'forbidden' })
    expect((await call(t.app, memberCookie, 'GET', '/api/v1/admin/dashboard.csv')).statusCode).toBe(
      403,
    )
    await read(await signIn(t.app, cast.moderator))
  })

  it('counts each figure by the week, in UTC Mondays, anonymous and removed posts included', async () => {
    const dashboard = await read(adminCookie)
    expect(dashboard.time_zone).toBe('UTC')
    expect(dashboard.weeks).toHaveLength(12)
    expect(dashboard.weeks.slice(-3)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23'])
    expect(dashboard.weeks[0]).toBe('2026-09-07')
    const headline = Object.fromEntries(dashboard.figures.map((each) => [each.key, each.value]))
    expect(headline).toEqual({
      members_total: 5,
      members_joined: 2,
      members_active_7d: 2,
      members_active_30d: 3,
      requests_posted: 1,
      prayers_said: 1,
      requests_answered: 1,
      testimonies_posted: 1,
      rooms_held: 1,
      first_prayer_within_24h: null,
      reports_opened: 1,
      report_handling_median_seconds: null,
    })
    expect(figure(dashboard, 'members_total').series).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 5])
    expect(recent(dashboard, 'members_joined')).toEqual([0, 1, 2])
    expect(recent(dashboard, 'members_active_7d')).toEqual([0, 3, 2])
    expect(recent(dashboard, 'members_active_30d')).toEqual([0, 3, 3])
    // The anonymous request and the removed one were posted last week, with the slow one.
    expect(recent(dashboard, 'requests_posted')).toEqual([0, 3, 1])
    expect(recent(dashboard, 'prayers_said')).toEqual([0, 3, 1])
    expect(recent(dashboard, 'requests_answered')).toEqual([0, 0, 1])
    expect(recent(dashboard, 'testimonies_posted')).toEqual([0, 0, 1])
    expect(recent(dashboard, 'rooms_held')).toEqual([1, 0, 1])
    // Of last week's two live requests, one was prayed for by another member within 24 hours
    // (the author's own prayer does not count); the removed one is not judged, nor is this
    // week's, younger than a day.
    expect(recent(dashboard, 'first_prayer_within_24h')).toEqual([null, 0.5, null])
    expect(recent(dashboard, 'reports_opened')).toEqual([0, 2, 1])
    // Handled in 2 h and in 24 h: the median is 13 h; the open report has no time yet.
    expect(recent(dashboard, 'report_handling_median_seconds')).toEqual([null, 46_800, null])
  })

  it('never names a member: no display name, id or text of anything counted', async () => {
    const answers = []
    for (const url of ['/api/v1/admin/dashboard', '/api/v1/admin/dashboard.csv']) {
      const response = await call(t.app, adminCookie, 'GET', url)
      expect(response.statusCode, url).toBe(200)
      answers.push(response.body)
    }
    for (const body of answers)
      for (const person of [cast.ann, cast.ben, cast.cal])
        for (const trace of [person.displayName, person.id, person.email])
          expect(body).not.toContain(trace)
  })

  it('downloads the same figures as a CSV: a header of keys and one row per week', async () => {
    const response = await call(t.app, adminCookie, 'GET', '/api/v1/admin/dashboard.csv')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="dashboard-2026-11-25.csv"',
    )
    const lines = response.body.trimEnd().split('\r\n')
    expect(lines).toHaveLength(13)
    expect(lines[0]).toBe(
      'week_start,members_total,members_joined,members_active_7d,members_active_30d,' +
        'requests_posted,prayers_said,requests_answered,testimonies_posted,rooms_held,' +
        'first_prayer_within_24h,reports_opened,report_handling_median_seconds',
    )
    expect(lines[1]).toBe('2026-09-07,2,0,0,0,0,0,0,0,0,,0,')
    expect(lines.slice(-2)).toEqual([
      '2026-11-16,3,1,3,3,3,3,0,0,0,0.5000,2,46800',
      '2026-11-23,5,2,2,3,1,1,1,1,1,,1,',
    ])
  })

  it('serves the figures as gauges on /metrics', async () => {
    const scrape = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(scrape.statusCode).toBe(200)
    const text = scrape.body
    expect(text).toContain('# TYPE community_members_total gauge')
    expect(text).toMatch(/^community_members_total 5$/m)
    expect(text).toMatch(/^community_members_active_7d 2$/m)
    expect(text).toMatch(/^community_prayers_said 1$/m)
    expect(text).toMatch(/^community_rooms_held 1$/m)
    // Nothing to measure yet this week: not a zero that reads as a fact.
    expect(text).toMatch(/^community_first_prayer_within_24h nan$/im)
    expect(text).toMatch(/^community_report_handling_median_seconds nan$/im)
  })

  it('serves its answer again for a minute, then counts afresh', async () => {
    const before = figure(await read(adminCookie), 'members_total').value
    await member(t.db, NOW.toISOString())
    expect(figure(await read(adminCookie), 'members_total').value).toBe(before)
    clock = new Date(NOW.getTime() + DASHBOARD_CACHE_MS)
    try {
      expect(figure(await read(adminCookie), 'members_total').value).toBe(before! + 1)
    } finally {
      clock = NOW
    }
  })

  it('starts the weeks on Monday on the community’s clock, at once after an admin changes it', async () => {
    clock = new Date(NOW.getTime() + 2 * DASHBOARD_CACHE_MS)
    try {
      // Sunday evening in UTC is already Monday morning in Tokyo: this week there, last week here.
      await member(t.db, '2026-11-22T20:00:00Z')
      const utc = await read(adminCookie)
      const changed = await call(t.app, adminCookie, 'PUT', '/api/v1/admin/community', {
        time_zone: 'Asia/Tokyo',
      })
      expect(changed.statusCode, changed.body).toBe(200)
      const tokyo = await read(adminCookie)
      expect(tokyo.time_zone).toBe('Asia/Tokyo')
      expect(tokyo.weeks.at(-1)).toBe('2026-11-23')
      expect(figure(tokyo, 'members_joined').value).toBe(figure(utc, 'members_joined').value! + 1)
    } finally {
      clock = NOW
    }
  })
})
