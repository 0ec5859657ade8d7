import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatFullDate } from '@/lib/date-formats'
import { deferredReply, problem } from '@/testing/fake-api'
import { anIntention } from '@/testing/intention-fixtures'
import { FEED, card, openWall, page } from './open-wall.fixture'

describe('the Prayer Wall screen', () => {
  it('shows the title, the tabs, the Ask for Prayer button and the cards', async () => {
    const mine = anIntention({ title: 'Strength for my exams next week please', is_mine: true })
    const anonymous = anIntention({
      title: 'A hard season at home for our family',
      identity_mode: 'anonymous',
      author_display_name: 'Anonymous',
    })
    const { api, user } = openWall('/prayerwall', { [FEED]: page([mine, anonymous]) })

    expect(await screen.findByRole('heading', { level: 1, name: 'Prayer Wall' })).toBeVisible()
    expect(screen.getByText(/gentle public square for sharing intentions/)).toBeVisible()
    expect(screen.getByRole('tab', { name: 'Prayer Wall', selected: true })).toBeVisible()
    expect(screen.getByRole('tab', { name: 'My Groups' })).toBeVisible()
    expect(screen.getByRole('tab', { name: 'Answered' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Ask for Prayer' })).toBeEnabled()

    expect(within(await card(mine.title)).getByText(/Quiet Dove \(You\)/)).toBeVisible()
    expect(within(await card(anonymous.title)).getByText('Anonymous')).toBeVisible()
    // The full date shows as the time's title once a pointer reaches it.
    const posted = within(await card(mine.title)).getByText('5m')
    expect(posted).not.toHaveAttribute('title')
    await user.hover(posted)
    expect(posted).toHaveAttribute('title', formatFullDate(new Date(mine.created_at)))
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

  it('fetches the feed again for a highlight newer than the cached pages, then rings it', async () => {
    // The member was on the wall, posted a prayer and came back: the cache predates it.
    const posted = anIntention({ title: 'A prayer posted after the wall was loaded' })
    const older = anIntention({ title: 'A prayer that was already on the wall' })
    let firstPages = 0
    const { api, router } = openWall('/prayerwall', {
      [FEED]: (request) => {
        if (request.path.includes('cursor=p2')) return page([anIntention()])
        return firstPages++ === 0 ? page([older], 'p2') : page([posted, older], 'p2')
      },
    })
    await card(older.title)
    await router.navigate({ to: '/prayerwall', search: { highlight: posted.intention_id } })
    const found = await card(posted.title)
    await waitFor(() => expect(found).toHaveAttribute('data-highlighted', 'true'))
    // The fresh first page has it: the rest of the (stale) wall is not paged through first.
    const reads = api.sent('GET', '/api/v1/intentions')
    expect(reads).toHaveLength(2)
    expect(reads.some((read) => read.path.includes('cursor='))).toBe(false)
  })

  it('drops a highlight that is still missing after the one refetch', async () => {
    const { api, router } = openWall('/prayerwall', { [FEED]: page([anIntention()]) })
    await screen.findByRole('article')
    await router.navigate({ to: '/prayerwall', search: { highlight: 'no-such-prayer' } })
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(api.sent('GET', '/api/v1/intentions')).toHaveLength(2)
  })
})
