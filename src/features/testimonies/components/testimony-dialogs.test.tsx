import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { problem } from '@/testing/fake-api'
import {
  FEED,
  aTestimony,
  anIntention,
  card,
  feedPage,
  openTestimonies,
} from './testimonies.fixture'

const reactor = (displayName: string, isYou = false, n = displayName.length) => ({
  userId: `0190f5a4-2222-7000-8000-${String(n).padStart(12, '0')}`,
  displayName,
  isYou,
})

describe('the testimony dialogs', () => {
  it('lists who said Amen with (You), pages with Load more, and retries a failure', async () => {
    const testimony = aTestimony({ title: 'Provision for the rent this month', amen_count: 3 })
    const reactors = `GET /api/v1/testimonies/${testimony.testimony_id}/reactors`
    let calls = 0
    const { api, user } = openTestimonies('/testimonies', {
      [FEED]: feedPage([testimony]),
      [reactors]: (request) => {
        calls += 1
        if (calls === 1) return problem(500, 'internal')
        return request.path.includes('cursor=r2')
          ? { json: { items: [reactor('Bright Cedar', false, 3)], nextCursor: null } }
          : {
              json: {
                items: [reactor('Quiet Dove', true, 1), reactor('Gentle Lark', false, 2)],
                nextCursor: 'r2',
              },
            }
      },
    })
    await user.click(within(await card(testimony.title)).getByRole('button', { name: /^3 Amen/ }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Who said Amen' }))
    expect(await dialog.findByText('Failed to load reactors')).toBeVisible()
    await user.click(dialog.getByRole('button', { name: 'Try again' }))
    expect(await dialog.findByText('Quiet Dove (You)')).toBeVisible()
    expect(dialog.getByText('Gentle Lark')).toBeVisible()
    await user.click(dialog.getByRole('button', { name: 'Load more' }))
    expect(await dialog.findByText('Bright Cedar')).toBeVisible()
    expect(dialog.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(api.sent('GET', reactors.slice(4))[1]?.path).toContain('type=amen')
  })

  it('says a network failure as such, then invites the first Amen when nobody said it', async () => {
    const testimony = aTestimony({ title: 'A quiet answer to a long prayer' })
    let calls = 0
    const { user } = openTestimonies('/testimonies', {
      [FEED]: feedPage([testimony]),
      [`GET /api/v1/testimonies/${testimony.testimony_id}/reactors`]: () => {
        calls += 1
        if (calls === 1) throw new TypeError('Failed to fetch')
        return { json: { items: [], nextCursor: null } }
      },
    })
    await user.click(within(await card(testimony.title)).getByRole('button', { name: /^0 Amen/ }))
    expect(await screen.findByText('Network error occurred')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Be the first to say Amen.')).toBeVisible()
  })

  it('opens the linked prayer from "From prayer" with its status and wall link; Escape closes', async () => {
    const prayer = anIntention({
      title: 'Safe travels for my sister',
      scripture_ref: 'Psalm 121:8',
      status: 'released_in_peace',
    })
    const testimony = aTestimony({
      title: 'She arrived home safely after all',
      intention_id: prayer.intention_id,
      intention_title: prayer.title,
    })
    let calls = 0
    const { user } = openTestimonies('/testimonies', {
      [FEED]: feedPage([testimony]),
      [`GET /api/v1/intentions/${prayer.intention_id}`]: () => {
        calls += 1
        return calls === 1
          ? problem(404, 'not_found', 'This prayer is no longer available.')
          : { json: prayer }
      },
    })
    await user.click(
      within(await card(testimony.title)).getByRole('button', { name: /From prayer/ }),
    )
    const dialog = within(await screen.findByRole('dialog', { name: 'Prayer Details' }))
    expect(await dialog.findByText('Failed to load prayer details: 404 Not Found')).toBeVisible()
    expect(dialog.getByText('This prayer is no longer available.')).toBeVisible()
    await user.click(dialog.getByRole('button', { name: 'Try again' }))
    expect(await dialog.findByText(prayer.details)).toBeVisible()
    expect(dialog.getByText('Released in Peace')).toBeVisible()
    expect(dialog.getByText('Psalm 121:8')).toBeVisible()
    expect(dialog.getByRole('link', { name: 'View on Prayer Wall' })).toHaveAttribute(
      'href',
      `/prayerwall?highlight=${prayer.intention_id}`,
    )
    // "Try again" left with the error, so focus fell to the body, where Escape does not reach
    // the dialog; its focus trap takes focus back into the dialog on its next 50 ms check. A
    // keyboard user is there again by then; under load the test could press Escape first.
    await waitFor(() => expect(document.activeElement).not.toBe(document.body))
    await user.keyboard('{Escape}')
    // The dialog leaves after its exit transition, which takes seconds on a loaded CI machine.
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'Prayer Details' })).toBeNull(),
      {
        timeout: 5000,
      },
    )
  })
})
