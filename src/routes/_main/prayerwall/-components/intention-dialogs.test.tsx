import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FEED, card, openWall, page } from '@/features/prayer-wall/components/open-wall.fixture'
import { anIntention } from '@/testing/intention-fixtures'

// DESIGN §4, issue 8: words that signal crisis are never refused; an edit that brings them is
// saved, the card shows it, and its author is shown at once where help is.
describe('editing a prayer on the wall', () => {
  it('saves an edit that signals crisis and shows the support resources', async () => {
    const mine = anIntention({ title: 'Please pray for me through this hard week', is_mine: true })
    const details =
      'Some nights I feel I cannot go on. Please pray that I find the strength to call someone.'
    const support = {
      message: 'You matter, and you do not have to carry this alone.',
      resources: [
        { name: 'Find a Helpline (international directory)', url: 'https://findahelpline.com' },
      ],
    }
    const { user } = openWall('/prayerwall', {
      [FEED]: page([mine]),
      [`PATCH /api/v1/intentions/${mine.intention_id}`]: { json: { ...mine, details, support } },
    })
    const mineCard = await card(mine.title)
    await user.click(
      within(mineCard).getByRole('button', { name: `More actions for ${mine.title}` }),
    )
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit prayer request' })
    const box = within(edit).getByRole('textbox', { name: /Details/ })
    await user.clear(box)
    await user.click(box)
    await user.paste(details)
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }))

    const help = await screen.findByRole('dialog', { name: 'You are not alone' })
    expect(within(help).getByText(support.message)).toBeInTheDocument()
    expect(
      within(help).getByRole('link', { name: 'Find a Helpline (international directory)' }),
    ).toHaveAttribute('href', 'https://findahelpline.com')
    await user.click(within(help).getByRole('button', { name: 'Continue to the Prayer Wall' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(await card(mine.title)).getByText(details)).toBeInTheDocument()
  })
})
