import type { Intention } from '@contract/intentions'
import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deferredReply, fakeApi, type FakeRoute, problem } from '@/testing/fake-api'
import { renderRoute } from '@/testing/render-route'
import { anIntention } from '../intention-fixtures'

// The suite shares a loaded machine with other work: async queries wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 })
afterEach(() => window.sessionStorage.clear())

const FEED = 'GET /api/v1/intentions'

function page(items: Intention[], next_cursor: string | null = null) {
  return { json: { items, next_cursor } }
}

function openWall(path: string, routes: Record<string, FakeRoute>, { moderator = false } = {}) {
  const api = fakeApi({
    'GET /auth/session': { json: { isAuthenticated: true, hasProfile: true } },
    'GET /api/v1/users/me/': {
      json: {
        user_id: 'me',
        display_name: 'Quiet Dove',
        email_verified: true,
        is_moderator: moderator,
      },
    },
    ...routes,
  })
  const view = renderRoute(path)
  return { ...view, api, user: userEvent.setup() }
}

const card = (title: string) => screen.findByRole('article', { name: title })

describe('the Prayer Wall screen', { timeout: 20_000 }, () => {
  it('shows the title, the tabs, the Ask for Prayer button and the cards', async () => {
    const mine = anIntention({ title: 'Strength for my exams next week please', is_mine: true })
    const anonymous = anIntention({
      title: 'A hard season at home for our family',
      identity_mode: 'anonymous',
      author_display_name: 'Anonymous',
    })
    const { api } = openWall('/prayerwall', { [FEED]: page([mine, anonymous]) })

    expect(await screen.findByRole('heading', { level: 1, name: 'Prayer Wall' })).toBeVisible()
    expect(screen.getByText(/gentle public square for sharing intentions/)).toBeVisible()
    expect(screen.getByRole('tab', { name: 'Prayer Wall', selected: true })).toBeVisible()
    expect(screen.getByRole('tab', { name: 'My Groups' })).toBeVisible()
    expect(screen.getByRole('tab', { name: 'Answered' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Ask for Prayer' })).toBeEnabled()

    expect(within(await card(mine.title)).getByText(/Quiet Dove \(You\)/)).toBeVisible()
    expect(within(await card(anonymous.title)).getByText(/^Anonymous ·/)).toBeVisible()
    expect(within(await card(mine.title)).getByText('5m')).toHaveAttribute('title')
    // The wall lists every status, 10 a page (spec 001 §7, §9).
    expect(api.sent('GET', '/api/v1/intentions')[0]?.path).toBe(
      '/api/v1/intentions?include_all_statuses=true&limit=10',
    )
  })

  it('asks the server for the tab the member picks and keeps it in the URL as view=', async () => {
    const { api, user, router } = openWall('/prayerwall', {
      [FEED]: (request) =>
        page(
          request.path.includes('closed=true')
            ? [anIntention({ title: 'Answered: a new job after long months', status: 'answered' })]
            : [],
        ),
    })
    expect(await screen.findByText('No prayer requests yet.')).toBeVisible()
    await user.click(screen.getByRole('tab', { name: 'Answered' }))
    expect(await card('Answered: a new job after long months')).toBeVisible()
    expect(router.state.location.search).toEqual({ view: 'answered' })
    expect(api.requests.at(-1)?.path).toBe('/api/v1/intentions?closed=true&limit=10')
    await user.click(screen.getByRole('tab', { name: 'My Groups' }))
    await waitFor(() => expect(api.requests.at(-1)?.path).toContain('destination=private_group'))
  })

  it('says when the feed is loading, when it failed, and loads more pages', async () => {
    const first = deferredReply()
    const second = anIntention({ title: 'Second page: courage for a new beginning' })
    let calls = 0
    const { user } = openWall('/prayerwall', {
      [FEED]: (request) => {
        calls += 1
        if (calls === 1) return first.route()
        if (calls === 2) return problem(500, 'internal')
        return request.path.includes('cursor=next')
          ? page([second])
          : page([anIntention({ title: 'First page: peace for my grandfather' })], 'next')
      },
    })
    expect(await screen.findByText('Loading feed…')).toBeVisible()
    first.release(problem(500, 'internal'))
    expect(await screen.findByText('Could not load feed.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    // The retry fails too; the third answer is the page.
    expect(await screen.findByText('Could not load feed.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await card('First page: peace for my grandfather')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await card(second.title)).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('shows status chips with their tooltips, the testimony link, and closes closed prayers', async () => {
    const answered = anIntention({
      title: 'Answered prayer for a safe delivery of our baby',
      status: 'answered',
      has_testimony: true,
      testimony_id: '0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa',
    })
    const released = anIntention({
      title: 'Released prayer for a move across the country',
      status: 'released_in_peace',
    })
    const active = anIntention({ title: 'Active prayer for healing after the accident' })
    const { user } = openWall('/prayerwall', { [FEED]: page([answered, released, active]) })

    const answeredCard = await card(answered.title)
    const chip = within(answeredCard).getByText('Prayer Answered')
    await user.hover(chip)
    expect(
      await screen.findByRole('tooltip', { name: 'Closed with testimony (if shared)' }),
    ).toBeVisible()
    expect(within(answeredCard).getByRole('link', { name: 'View Testimony' })).toHaveAttribute(
      'href',
      '/testimonies?highlight=0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa',
    )
    const releasedCard = await card(released.title)
    await user.hover(within(releasedCard).getByText('Released in Peace'))
    expect(await screen.findByRole('tooltip', { name: 'Closed with reason' })).toBeVisible()
    expect(within(releasedCard).queryByRole('link', { name: 'View Testimony' })).toBeNull()

    for (const closed of [answeredCard, releasedCard]) {
      expect(within(closed).getByRole('button', { name: /^Pray now/ })).toBeDisabled()
      expect(within(closed).getByRole('button', { name: 'Say Amen' })).toBeDisabled()
      expect(within(closed).getByRole('button', { name: 'Light a candle' })).toBeDisabled()
      expect(within(closed).getByText('Comments are disabled for closed prayers.')).toBeVisible()
    }
    const activeCard = await card(active.title)
    expect(within(activeCard).queryByText(/Prayer Answered|Released in Peace/)).toBeNull()
    expect(within(activeCard).getByRole('button', { name: 'Say Amen' })).toBeEnabled()
    expect(within(activeCard).queryByText('Comments are disabled for closed prayers.')).toBeNull()
  })

  it('says Amen at once, sends the desired state with an idempotency key, and rolls back on a 500', async () => {
    const intention = anIntention({
      title: 'Pray for rain on our parched fields this month',
      amen_count: 2,
    })
    const reply = deferredReply()
    const { api, user } = openWall('/prayerwall', {
      [FEED]: page([intention]),
      [`POST /api/v1/intentions/${intention.intention_id}/reactions`]: reply.route,
    })
    const found = await card(intention.title)
    await user.click(within(found).getByRole('button', { name: 'Say Amen' }))
    expect(within(found).getByRole('button', { name: 'Said Amen' })).toBeVisible()
    expect(within(found).getByRole('button', { name: '3 amens' })).toBeVisible()
    const sent = api.sent('POST', `/api/v1/intentions/${intention.intention_id}/reactions`)
    expect(sent[0]?.body).toEqual({ kind: 'amen', active: true })
    const init = vi
      .mocked(fetch)
      .mock.calls.find(([url]) => String(url).endsWith('/reactions'))?.[1]
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)

    reply.release(problem(500, 'internal'))
    expect(await within(found).findByRole('button', { name: 'Say Amen' })).toBeVisible()
    expect(within(found).getByRole('button', { name: '2 amens' })).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('lights a candle and takes the counts the server answers', async () => {
    const intention = anIntention({
      title: 'Light for a friend walking through grief',
      candle_count: 4,
    })
    const { user } = openWall('/prayerwall', {
      [FEED]: page([intention]),
      [`POST /api/v1/intentions/${intention.intention_id}/reactions`]: {
        json: {
          amen_count: 0,
          candle_count: 9,
          said_amen: false,
          lighted_candle: true,
          prayed_count: 0,
          has_prayed: false,
        },
      },
    })
    const found = await card(intention.title)
    await user.click(within(found).getByRole('button', { name: 'Light a candle' }))
    expect(await within(found).findByRole('button', { name: '9 candles' })).toBeVisible()
    expect(within(found).getByRole('button', { name: 'Candle lit' })).toBeVisible()
  })

  it('opens the reactors list from a count, switches tabs, and closing removes both params', async () => {
    const intention = anIntention({
      title: 'Guidance for a difficult decision at work',
      prayed_count: 1,
    })
    const reactors = `GET /api/v1/intentions/${intention.intention_id}/reactions`
    const { user, router } = openWall('/prayerwall', {
      [FEED]: page([intention]),
      [reactors]: (request) => {
        if (request.path.includes('type=prayed')) {
          return {
            json: {
              items: [
                {
                  user_id: '0190a1b2-c3d4-7e5f-8a9b-bbbbbbbbbbbb',
                  display_name: 'Gentle Lark',
                  created_at: intention.created_at,
                  is_you: true,
                },
              ],
              next_cursor: null,
            },
          }
        }
        if (request.path.includes('type=amen')) return { json: { items: [], next_cursor: null } }
        return problem(500, 'internal')
      },
    })
    await user.click(within(await card(intention.title)).getByRole('button', { name: '1 prayed' }))
    const dialog = await screen.findByRole('dialog', { name: 'Who responded' })
    expect(router.state.location.search).toEqual({
      reactions: intention.intention_id,
      tab: 'prayed',
    })
    expect(await within(dialog).findByText('Gentle Lark (You)')).toBeVisible()

    await user.click(within(dialog).getByRole('tab', { name: 'Amen' }))
    expect(await within(dialog).findByText('No amen yet.')).toBeVisible()
    expect(router.state.location.search).toEqual({ reactions: intention.intention_id, tab: 'amen' })

    await user.click(within(dialog).getByRole('tab', { name: 'Candle' }))
    expect(await within(dialog).findByText("We couldn't load reactions. Try again.")).toBeVisible()

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.search).toEqual({})
  })

  it('opens the reactors dialog from a shared link with the empty text of the prayed tab', async () => {
    const intention = anIntention({ title: 'Peace for the people of our town tonight' })
    openWall(`/prayerwall?reactions=${intention.intention_id}`, {
      [FEED]: page([intention]),
      [`GET /api/v1/intentions/${intention.intention_id}/reactions`]: {
        json: { items: [], next_cursor: null },
      },
    })
    const dialog = await screen.findByRole('dialog', { name: 'Who responded' })
    expect(within(dialog).getByRole('tab', { name: 'Prayed', selected: true })).toBeVisible()
    expect(
      await within(dialog).findByText('Be the first to pray for this intention.'),
    ).toBeVisible()
  })

  it('loads pages until the highlighted card is there, rings it, then drops the parameter', async () => {
    const target = anIntention({ title: 'The highlighted prayer on the third page' })
    const { api, router } = openWall(`/prayerwall?highlight=${target.intention_id}`, {
      [FEED]: (request) => {
        if (request.path.includes('cursor=p3')) return page([target])
        if (request.path.includes('cursor=p2')) return page([anIntention()], 'p3')
        return page([anIntention()], 'p2')
      },
    })
    const found = await card(target.title)
    expect(api.sent('GET', '/api/v1/intentions')).toHaveLength(3)
    await waitFor(() => expect(found).toHaveAttribute('data-highlighted', 'true'))
    expect(found).toHaveFocus()
    expect(router.state.location.search).toEqual({ highlight: target.intention_id })
    await waitFor(() => expect(found).not.toHaveAttribute('data-highlighted'), { timeout: 6000 })
    expect(router.state.location.search).toEqual({})
  })

  it('offers the steward actions by role, and a report makes the item "Reported" with a thank-you', async () => {
    const mine = anIntention({
      title: 'My own prayer for patience with my children',
      is_mine: true,
    })
    const theirs = anIntention({ title: 'Their prayer for a brother far from home' })
    const { api, user } = openWall(
      '/prayerwall',
      {
        [FEED]: page([mine, theirs]),
        [`POST /api/v1/intentions/${theirs.intention_id}/report`]: { status: 204 },
      },
      { moderator: true },
    )
    await user.click(
      within(await card(mine.title)).getByRole('button', {
        name: `More actions for ${mine.title}`,
      }),
    )
    const ownMenu = await screen.findByRole('menu')
    expect(
      within(ownMenu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Mark as Prayer Answered', 'Release in Peace', 'Edit', 'Delete', 'Share', 'Report'])
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())

    const opener = within(await card(theirs.title)).getByRole('button', {
      name: `More actions for ${theirs.title}`,
    })
    await user.click(opener)
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Remove' })).toBeVisible()
    await user.click(within(menu).getByRole('menuitem', { name: 'Report' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this content' })
    await user.click(within(dialog).getByLabelText(/^Spam or irrelevant/))
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Thank you. This has been flagged for review.')).toBeVisible()
    expect(api.sent('POST', `/api/v1/intentions/${theirs.intention_id}/report`)[0]?.body).toEqual({
      category: 'spam',
      note: null,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await user.click(opener)
    expect(await screen.findByRole('menuitem', { name: 'Reported' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  })

  it(
    'records a finished timed prayer at once and rolls it back silently when the server fails',
    { timeout: 30_000 },
    async () => {
      const intention = anIntention({ title: 'Comfort for a family saying goodbye this week' })
      const reply = deferredReply()
      const { api, user } = openWall('/prayerwall', {
        [FEED]: page([intention]),
        [`POST /api/v1/intentions/${intention.intention_id}/pray`]: reply.route,
      })
      const found = await card(intention.title)
      await user.click(
        within(found).getByRole('button', { name: `Pray now for ${intention.title}` }),
      )
      expect(await screen.findByRole('dialog', { name: 'Take a moment to pray' })).toBeVisible()
      // Nothing is sent until the countdown ends (spec 001 §4: completion at the end).
      expect(api.sent('POST', `/api/v1/intentions/${intention.intention_id}/pray`)).toHaveLength(0)
      // Real timers here (their steps are timed in timed-prayer-button.test.tsx); a cheap check
      // keeps Testing Library's polling from starving the countdown.
      const prayCalls = () => api.sent('POST', `/api/v1/intentions/${intention.intention_id}/pray`)
      await waitFor(() => expect(prayCalls()).toHaveLength(1), { timeout: 15_000 })
      // "Recorded. Closing…" for a second; the modal hides the page from assistive technology.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      expect(within(found).getByRole('button', { name: '1 prayed' })).toBeVisible()
      expect(within(found).getByText('Prayed today')).toBeVisible()

      reply.release(problem(500, 'internal'))
      expect(await within(found).findByRole('button', { name: '0 prayed' })).toBeVisible()
      expect(within(found).getByText(/^Pray now starts a timed prayer/)).toBeVisible()
    },
  )

  it('without a share sheet, Share copies the highlight link and says so', async () => {
    const intention = anIntention({ title: 'Wisdom for the doctors treating my father' })
    const { user } = openWall('/prayerwall', { [FEED]: page([intention]) })
    await user.click(
      within(await card(intention.title)).getByRole('button', {
        name: `More actions for ${intention.title}`,
      }),
    )
    await user.click(await screen.findByRole('menuitem', { name: 'Share' }))
    expect(await screen.findByText('Link copied to clipboard.')).toBeVisible()
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/prayerwall?highlight=${intention.intention_id}`,
    )
  })
})
