import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { deferredReply, problem } from '@/testing/fake-api'
import { FEED, aTestimony, card, feedPage, openTestimonies } from './testimonies.fixture'

describe('the Testimonies screen', () => {
  it('shows the title, tagline, Create Testimony and cards with author, tags and (You)', async () => {
    const mine = aTestimony({
      title: 'A new job after eight long months',
      is_mine: true,
      author_display_name: 'Quiet Dove',
      category_tags: ['work', 'provision'],
    })
    const anonymous = aTestimony({ title: 'Healing in our home', author_display_name: 'Anonymous' })
    const { api, user, router } = openTestimonies('/testimonies', {
      [FEED]: feedPage([mine, anonymous]),
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'Testimonies' })).toBeVisible()
    expect(screen.getByText("Stories of God's faithfulness and answered prayers")).toBeVisible()
    const mineCard = within(await card(mine.title))
    expect(mineCard.getByText(/Quiet Dove \(You\)/)).toBeVisible()
    expect(mineCard.getByText('work')).toBeVisible()
    expect(mineCard.getByText('provision')).toBeVisible()
    // The name is isolated (<bdi>) from the date beside it, for right-to-left languages.
    const anonymousName = within(await card(anonymous.title)).getByText('Anonymous')
    expect(anonymousName).toBeVisible()
    expect(anonymousName.parentElement).toHaveTextContent(/^Anonymous ·/)
    expect(api.sent('GET', '/api/v1/testimonies')[0]?.path).toBe('/api/v1/testimonies?limit=20')

    await user.click(screen.getByRole('button', { name: 'Create Testimony' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonies/create'))
  })

  it('truncates a long story at 200 characters with Read more and Show less', async () => {
    const text = `${'a'.repeat(195)} bcdefgh ending words that only show when expanded.`
    const long = aTestimony({ title: 'A long story of faithfulness', text })
    const short = aTestimony({ title: 'A short story of grace' })
    const { user } = openTestimonies('/testimonies', { [FEED]: feedPage([long, short]) })

    const longCard = within(await card(long.title))
    expect(longCard.queryByText(/ending words/)).toBeNull()
    expect(within(await card(short.title)).queryByRole('button', { name: 'Read more' })).toBeNull()
    await user.click(longCard.getByRole('button', { name: 'Read more' }))
    expect(longCard.getByText(/ending words that only show when expanded\.$/)).toBeVisible()
    await user.click(longCard.getByRole('button', { name: 'Show less' }))
    expect(longCard.queryByText(/ending words/)).toBeNull()
  })

  it('says when there are no testimonies yet', async () => {
    openTestimonies('/testimonies', { [FEED]: feedPage([]) })
    expect(await screen.findByText('No testimonies yet')).toBeVisible()
    expect(screen.getByText('Share gratitude to encourage others')).toBeVisible()
  })

  it('shows the load error with Try again, then pages with Load more testimonies', async () => {
    const first = deferredReply()
    const second = aTestimony({ title: 'Second page: a safe delivery' })
    let calls = 0
    const { user } = openTestimonies('/testimonies', {
      [FEED]: (request) => {
        calls += 1
        if (calls === 1) return first.route()
        return request.path.includes('cursor=next')
          ? feedPage([second])
          : feedPage([aTestimony({ title: 'First page: peace restored' })], 'next')
      },
    })
    first.release(problem(500, 'internal'))
    expect(await screen.findByText('Error loading testimonies')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await card('First page: peace restored')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Load more testimonies' }))
    expect(await card(second.title)).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Load more testimonies' })).toBeNull()
  })

  it('says Amen at once, takes the server count, and rolls back when the server refuses', async () => {
    const testimony = aTestimony({ title: 'Provision in a hard month', amen_count: 2 })
    const path = `/api/v1/testimonies/${testimony.testimony_id}/reactions`
    let fail = false
    const held = deferredReply()
    let calls = 0
    const { api, user } = openTestimonies('/testimonies', {
      [FEED]: feedPage([testimony]),
      [`POST ${path}`]: () => {
        calls += 1
        if (calls === 1) return held.route()
        return fail ? problem(500, 'internal') : { json: { Added: false, Counts: { Amen: 7 } } }
      },
    })
    const item = within(await card(testimony.title))
    await user.click(item.getByRole('button', { name: 'Say Amen' }))
    // Optimistic: the label and count change before the server answers.
    expect(item.getByRole('button', { name: 'Said Amen' })).toHaveAttribute('aria-pressed', 'true')
    expect(item.getByRole('button', { name: /^3 Amen/ })).toBeVisible()
    expect(api.sent('POST', path)[0]?.body).toEqual({ Reaction: 'amen', active: true })
    held.release({ json: { Added: true, Counts: { Amen: 9 } } })
    expect(await item.findByRole('button', { name: /^9 Amen/ })).toBeVisible()

    fail = true
    await user.click(item.getByRole('button', { name: 'Said Amen' }))
    expect(api.sent('POST', path)[1]?.body).toEqual({ Reaction: 'amen', active: false })
    expect(await item.findByRole('button', { name: /^9 Amen/ })).toBeVisible()
    expect(item.getByRole('button', { name: 'Said Amen' })).toBeVisible()
  })

  it('rings the highlighted card after half a second, for three seconds, then drops the param', async () => {
    const target = aTestimony({ title: 'Found on the second page of the feed' })
    const { router } = openTestimonies(`/testimonies?highlight=${target.testimony_id}`, {
      [FEED]: (request) =>
        request.path.includes('cursor=p2')
          ? feedPage([target])
          : feedPage([aTestimony({ title: 'Top of the feed' })], 'p2'),
    })
    const ringed = await card(target.title)
    expect(ringed).not.toHaveAttribute('data-highlighted')
    await waitFor(() => expect(ringed).toHaveAttribute('data-highlighted', 'true'))
    await waitFor(() => expect(ringed).not.toHaveAttribute('data-highlighted'), { timeout: 5000 })
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })

  it('shows the shared message when the create form sends the member back', async () => {
    const { router } = openTestimonies('/testimonies', { [FEED]: feedPage([]) })
    expect(await screen.findByText('No testimonies yet')).toBeVisible()
    expect(screen.queryByText('Your testimony has been shared successfully!')).toBeNull()
    await router.navigate({ to: '/testimonies', state: { testimonyShared: true } })
    expect(await screen.findByText('Your testimony has been shared successfully!')).toBeVisible()
  })

  it('copies the highlight link when the browser has no share sheet', async () => {
    const testimony = aTestimony({ title: 'A reconciled friendship' })
    const { user } = openTestimonies('/testimonies', { [FEED]: feedPage([testimony]) })
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(within(await card(testimony.title)).getByRole('button', { name: 'Share' }))
    expect(await screen.findByText('Link copied to clipboard.')).toBeVisible()
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/testimonies?highlight=${testimony.testimony_id}`,
    )
  })
})
