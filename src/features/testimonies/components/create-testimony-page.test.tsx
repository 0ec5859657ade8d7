import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { clear, get, set } from 'idb-keyval'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { problem } from '@/testing/fake-api'
import { draftKey } from '@/lib/drafts'
import {
  FEED,
  INTENTIONS,
  aTestimony,
  anIntention,
  card,
  feedPage,
  openTestimonies,
} from './testimonies.fixture'

afterEach(() => {
  vi.useRealTimers()
  return clear()
})

const TITLE = 'A new job after eight months'
const STORY =
  'After months of waiting and many prayers from this community, I was offered a job close to home.'
const CREATE = 'POST /api/v1/testimonies'

function openForm(routes: Parameters<typeof openTestimonies>[1] = {}) {
  return openTestimonies('/testimonies/create', {
    [INTENTIONS]: { json: { items: [], next_cursor: null } },
    [FEED]: feedPage([]),
    ...routes,
  })
}

const field = (name: RegExp) => screen.findByRole('textbox', { name })
const submit = () => screen.getByRole('button', { name: 'Share Testimony' })

describe('the Share Your Testimony screen', () => {
  it('counts what is missing, enables Share only when valid, and returns to the feed', async () => {
    const created = aTestimony({ title: TITLE, text: STORY, is_mine: true })
    const { api, user, router } = openForm({
      [CREATE]: { status: 201, json: created },
      [FEED]: feedPage([created]),
    })

    expect(
      await screen.findByText('Share gratitude while avoiding medical/PII details.'),
    ).toBeVisible()
    expect(screen.getByText(/Focus on how God worked/)).toBeVisible()
    expect(submit()).toBeDisabled()
    await user.type(await field(/Title/), 'Short title')
    expect(screen.getByText('Minimum 20 characters (9 more needed)')).toBeVisible()
    await user.type(await field(/Title/), ' for now ok')
    expect(screen.queryByText(/Minimum 20 characters/)).toBeNull()
    expect(screen.getByText('Minimum 70 characters (70 more needed)')).toBeVisible()
    expect(submit()).toBeDisabled()
    fireEvent.change(await field(/Your story/), { target: { value: STORY } })
    expect(submit()).toBeEnabled()
    await user.click(screen.getByRole('radio', { name: 'Anonymous' }))
    await user.click(submit())

    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonies'))
    expect(api.sent('POST', '/api/v1/testimonies')[0]?.body).toEqual({
      title: 'Short title for now ok',
      text: STORY,
      category_tags: [],
      visibility: 'anonymous',
      intention_id: null,
    })
    // The new story is ringed on the feed (highlight={id}).
    const ringed = await card(TITLE)
    await waitFor(() => expect(ringed).toHaveAttribute('data-highlighted', 'true'))
    expect(await screen.findByText('Your testimony has been shared successfully!')).toBeVisible()
  })

  it('normalises tags and stops at five with "Max 5 tags reached"', async () => {
    const { user } = openForm()
    const tags = await screen.findByRole('textbox', { name: 'Category tags' })
    await user.type(tags, 'Prière{Enter}')
    expect(screen.getByText('priere')).toBeVisible()
    for (const tag of ['two', 'three', 'four', 'five']) await user.type(tags, `${tag}{Enter}`)
    expect(screen.getByText('Max 5 tags reached')).toBeVisible()
    expect(tags).toBeDisabled()
  })

  it('shows the content policy refusal and the server detail of other failures', async () => {
    let calls = 0
    const { user } = openForm({
      [CREATE]: () => {
        calls += 1
        return calls === 1
          ? problem(
              422,
              'content_policy',
              "We're sorry, but we couldn't process your request because it appears to violate our content policy. Please review your content and try again.",
            )
          : problem(403, 'forbidden', 'You can only link your own answered prayer.')
      },
    })
    fireEvent.change(await field(/Title/), { target: { value: TITLE } })
    fireEvent.change(await field(/Your story/), { target: { value: STORY } })
    await user.click(submit())
    expect(await screen.findByText(/appears to violate our content policy/)).toBeVisible()
    await user.click(submit())
    expect(await screen.findByText('You can only link your own answered prayer.')).toBeVisible()
  })

  it('offers the first three answered prayers without a testimony and links the chosen one', async () => {
    const prayers = [
      anIntention({ title: 'Safe travels for my sister' }),
      anIntention({ title: 'Already has a story', has_testimony: true }),
      anIntention({ title: 'A job for my husband' }),
      anIntention({ title: 'Healing after surgery' }),
      anIntention({ title: 'Peace in our family' }),
    ]
    const created = aTestimony({ title: TITLE })
    const { api, user } = openForm({
      [INTENTIONS]: { json: { items: prayers, next_cursor: null } },
      [CREATE]: { status: 201, json: created },
    })
    expect(
      await screen.findByRole('radio', { name: 'Safe travels for my sister' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: 'Already has a story' })).toBeNull()
    expect(screen.queryByRole('radio', { name: 'Peace in our family' })).toBeNull()
    expect(api.sent('GET', '/api/v1/intentions')[0]?.path).toBe(
      '/api/v1/intentions?limit=20&include_all_statuses=true&mine=true&status=answered',
    )
    await user.type(screen.getByRole('textbox', { name: 'Search your answered prayers' }), 'peace')
    await user.click(await screen.findByRole('radio', { name: 'Peace in our family' }))
    expect(screen.queryByRole('radio', { name: 'A job for my husband' })).toBeNull()

    fireEvent.change(await field(/Title/), { target: { value: TITLE } })
    fireEvent.change(await field(/Your story/), { target: { value: STORY } })
    await user.click(submit())
    await waitFor(() => expect(api.sent('POST', '/api/v1/testimonies')).toHaveLength(1))
    expect(api.sent('POST', '/api/v1/testimonies')[0]?.body).toMatchObject({
      intention_id: prayers[4]?.intention_id,
    })
  })

  it('filters by title only 300 ms after typing stops, showing the first five matches', async () => {
    const titles = [
      'Safe travels for my sister',
      'Healing after surgery',
      'Peace in our family',
      'A job for my husband',
      'Rain for the harvest',
      'Strength for exams',
      'Courage for the interview',
      'Comfort for a grieving friend',
    ]
    const { api } = openForm({
      [INTENTIONS]: {
        json: { items: titles.map((title) => anIntention({ title })), next_cursor: null },
      },
    })
    // The picker's radios, by their labels ("No linked prayer" aside).
    const listed = () =>
      within(screen.getByRole('radiogroup', { name: 'Link to an answered prayer (optional)' }))
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent)
        .filter((label) => label !== 'No linked prayer')
    await screen.findByRole('radio', { name: titles[0] })
    expect(listed()).toEqual(titles.slice(0, 3))

    // Only timeouts are faked: the debounce is measured, the page's other machinery runs.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const search = screen.getByRole('textbox', { name: 'Search your answered prayers' })
    fireEvent.change(search, { target: { value: 'F' } })
    act(() => vi.advanceTimersByTime(200))
    fireEvent.change(search, { target: { value: 'FOR' } }) // typing again restarts the wait
    act(() => vi.advanceTimersByTime(299))
    expect(listed()).toEqual(titles.slice(0, 3))
    act(() => vi.advanceTimersByTime(1))
    // Six titles hold "for", case aside; the first five are shown.
    expect(listed()).toEqual([titles[0], titles[3], titles[4], titles[5], titles[6]])
    vi.useRealTimers()
    // Searching filters the 20 answered prayers already fetched; it asks the server nothing more.
    expect(api.sent('GET', '/api/v1/intentions')).toHaveLength(1)
  })

  it('restores the member’s draft, saves edits, and Clear draft empties the form', async () => {
    await set(draftKey('testimony', 'me'), {
      title: 'A draft title kept from before',
      text: 'Half a story',
      category_tags: ['hope'],
      visibility: 'public',
      intention_id: null,
    })
    const { user } = openForm()
    expect(await screen.findByDisplayValue('A draft title kept from before')).toBeVisible()
    expect(screen.getByText('hope')).toBeVisible()
    expect(screen.getByText('Draft saved automatically')).toBeVisible()
    fireEvent.change(await field(/Your story/), { target: { value: 'Half a story, now longer' } })
    await waitFor(async () =>
      expect(await get(draftKey('testimony', 'me'))).toMatchObject({
        text: 'Half a story, now longer',
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Clear draft' }))
    expect(await field(/Title/)).toHaveValue('')
    expect(screen.queryByText('Draft saved automatically')).toBeNull()
    await waitFor(async () => expect(await get(draftKey('testimony', 'me'))).toBeUndefined())
  })

  it('shows support links kindly when the story signals crisis, then goes to the feed', async () => {
    const created = aTestimony({ title: TITLE })
    const support = {
      message: 'It sounds like things are very hard. You do not have to face this alone.',
      resources: [{ name: 'Samaritans', url: 'https://www.samaritans.org/', phone: '116 123' }],
    }
    const { user, router } = openForm({
      [CREATE]: { status: 201, json: { ...created, support } },
    })
    fireEvent.change(await field(/Title/), { target: { value: TITLE } })
    fireEvent.change(await field(/Your story/), { target: { value: STORY } })
    await user.click(submit())
    const dialog = await screen.findByRole('dialog', { name: 'You are not alone' })
    expect(dialog).toHaveTextContent(support.message)
    expect(screen.getByRole('link', { name: 'Samaritans' })).toHaveAttribute(
      'href',
      support.resources[0]?.url,
    )
    expect(router.state.location.pathname).toBe('/testimonies/create')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/testimonies'))
  })
})
